/** What importing a campaign file answers (the HTTP route `POST /transfer/import`). */
export interface TransferImported {
  campaignId: number
  name: string
  system: string
  /** Rows written. */
  rows: number
}
