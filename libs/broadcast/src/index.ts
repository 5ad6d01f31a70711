// @tablecast/broadcast — filled in by its issue; the barrel is the only import target of this library.
export {};
