// Column types shared by the PostgreSQL migrations. Text compares and sorts byte by byte
// (COLLATE "C"), as SQLite's BINARY does, so ids, ISO timestamps and keyset cursors order the
// same on both drivers whatever the database's locale.
export const T = `TEXT COLLATE "C"`;
/** SQLite REAL: a JavaScript number both ways (NUMERIC would come back as a string). */
export const REAL = "DOUBLE PRECISION";
