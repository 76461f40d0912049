import type { ApiError } from '../../../shared/contract'

/**
 * An error a GM can meet: it carries the API's code, a sentence that says what happened and what
 * to do, and per-field details. Thrown inside a unit of work, it rolls the whole change back.
 */
export class AppError extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
    readonly details: ApiError['details'] = [],
  ) {
    super(message)
    this.name = 'AppError'
  }

  toApiError(): ApiError {
    return { code: this.code, message: this.message, details: this.details }
  }
}

/** A record the GM asked for is not there (deleted in another window, or a stale link). */
export function notFound(what: string, id: number): AppError {
  return new AppError('not_found', `There is no ${what} with id ${id}; it may have been deleted.`, [
    { field: 'id', problem: `no ${what} has this id` },
  ])
}
