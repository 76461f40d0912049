// Types for scripts/soak.mjs (imported by tests).
export interface CallResult {
  ok: boolean
  value?: any
  error?: { code: string; message: string; details: { field: string; problem: string }[] }
}

export declare function seededRandom(seed: number): () => number

export declare class Client {
  static open(url: string, token: string): Promise<Client>
  closed: boolean
  call(method: string, input: unknown): Promise<CallResult>
  fail(): void
  close(): void
}

export interface SoakLibrary {
  campaigns: Record<'osr' | 'ladder' | 'lode' | 'challenge' | 'ranks', number>
  osrPcId: number
  npcs: Record<string, number>
  tableId: number
  source: { data: Buffer; name: string; counts: Record<string, number> }
}

export interface Acknowledged {
  notes: { id: number; text: string }[]
  ledger: { id: number; logEntryId: number; amount: number }[]
  rolls: { logEntryId: number }[]
  clock: { campaignId: number; time: number }[]
  edits: { characterId: number; notes: string }[]
  imports: { campaignId: number; rows: number }[]
  refusals: string[]
}

export interface Problem {
  kind: 'integrity' | 'lost' | 'half' | 'refused'
  text: string
  kill?: number
}

export declare function setUpLibrary(client: Client, url: string, token: string): Promise<SoakLibrary>
export declare function workers(lib: SoakLibrary, acked: Acknowledged, random: () => number, url: string, token: string): ((client: Client) => Promise<void>)[]
export declare function checkLibrary(file: string, acked: Acknowledged, source?: SoakLibrary['source']): Problem[]

export interface SoakResult {
  kills: number
  acknowledged: number
  lost: number
  integrityFailures: number
  halfWritten: number
  refused: number
  problems: Problem[]
  seed: number
  dataDir: string | null
  /** The one line the soak prints. */
  line: string
}

export declare function crashSoak(options?: {
  kills?: number
  seed?: number
  serverJs?: string
  keep?: boolean
  log?: (line: string) => void
  writeWindowMs?: [number, number]
}): Promise<SoakResult>
