/**
 * Campaign export and import. In a browser the file travels over HTTP (GET /transfer/export and
 * POST /transfer/import, GM token as a Bearer header), since the WebSocket caps messages at 256 KiB;
 * this module holds what works without a file picker.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { TransferMethod } from './transfer.names'

export const TransferImported = z.object({ campaignId: Id, name: z.string(), system: z.string(), rows: z.number().int() })
export type TransferImported = z.infer<typeof TransferImported>

export const transferContract = {
  'transfer.exportToFolder': {
    scope: 'gm',
    summary: "Exports a campaign to one file in the library's exports folder.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({ path: z.string(), fileName: z.string(), bytes: z.number().int(), rows: z.number().int() }),
  },
} as const satisfies Record<TransferMethod, MethodDef>
