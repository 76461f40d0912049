/** A refusal: nothing was changed, and every reason is given in plain words. */
export interface Refusal {
  ok: false
  problems: string[]
}
