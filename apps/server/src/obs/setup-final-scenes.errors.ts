/** Bad input to the setup (not an OBS failure): the message names the field. */
export class SceneSetupInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`);
    this.name = 'SceneSetupInputError';
  }
}
