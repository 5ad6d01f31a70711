/** The edit was made on an older rundown, or would change the item on air (409). */
export class RundownConflictError extends Error {
  constructor(
    message: string,
    readonly currentRevision: number,
  ) {
    super(message);
    this.name = 'RundownConflictError';
  }
}

/** No item of that id in the rundown (404). */
export class RundownItemNotFoundError extends Error {
  constructor(id: string) {
    super(`no rundown item ${id}`);
    this.name = 'RundownItemNotFoundError';
  }
}

/** Two items share an id (400 naming the second). */
export class RundownInputError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'RundownInputError';
  }
}
