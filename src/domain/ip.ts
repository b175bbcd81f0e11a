// Whether a string is an IP address literal, as node:net's isIP answers (4, 6, or 0 for neither),
// with node:net loaded on first use: a bundle hoists every module import to start-up, even one in
// a module only reached later, and node:net brings Node's stream machinery with it (~1.5–3 ms of
// CPU before the first request, docs/benchmarks.md, cold start).
const net = () => process.getBuiltinModule("node:net") as typeof import("node:net");

export const isIP = (input: string): number => net().isIP(input);
