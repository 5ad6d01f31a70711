/** The director's settings file in the data dir (`DirectorSettingsStore`). */
export const DIRECTOR_SETTINGS_STORE = Symbol('DIRECTOR_SETTINGS_STORE');
