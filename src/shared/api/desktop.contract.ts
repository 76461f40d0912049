/** Files through the desktop app's own dialogs; a browser downloads and uploads them instead. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { DesktopMethod } from './desktop.names'
import { RecapObsidian, RecapVariantSchema } from './recap.contract'

/** Where a file was saved, or null when the GM cancelled the dialog. */
const Saved = z.object({ path: z.string().nullable() })

export const desktopContract = {
  'desktop.saveRecap': {
    scope: 'gm',
    summary: "Saves a session's recap as Markdown where the GM chooses, through the Save dialog.",
    input: z.object({ sessionId: Id, variant: RecapVariantSchema.default('players') }).strict(),
    output: Saved,
  },
  'desktop.saveRecapToFolder': {
    scope: 'gm',
    summary:
      "Saves a session's recap into the campaign's recap folder (a vault) as “Session 03 – Title.md”; asks for the folder first when none is remembered or when asked to, and remembers it.",
    input: z.object({ sessionId: Id, variant: RecapVariantSchema.default('players'), obsidian: RecapObsidian, chooseFolder: z.boolean().default(false) }).strict(),
    output: z.object({
      /** Where the recap is, or null when the GM cancelled the folder dialog. */
      path: z.string().nullable(),
      folder: z.string().nullable(),
      /** False when the same recap was already there under that name. */
      written: z.boolean(),
    }),
  },
  'desktop.exportCampaign': {
    scope: 'gm',
    summary: 'Exports a campaign to one file where the GM chooses, through the Save dialog.',
    input: z.object({ campaignId: Id }).strict(),
    output: Saved.extend({ bytes: z.number().int(), rows: z.number().int() }),
  },
  'desktop.importCampaign': {
    scope: 'gm',
    summary: 'Imports a campaign file the GM picks in the Open dialog, as a new campaign.',
    input: z.object({}).strict(),
    output: z.object({ campaignId: Id.nullable(), name: z.string().nullable() }),
  },
} as const satisfies Record<DesktopMethod, MethodDef>
