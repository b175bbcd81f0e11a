import pkg from "../package.json" with { type: "json" };

/** The product version, embedded at build time. */
export const VERSION: string = pkg.version;
