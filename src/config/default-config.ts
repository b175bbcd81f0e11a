// The commented default configuration, embedded in the binary so `assay init` can write it
// anywhere. Its source of truth is config/assay.yaml.
import text from "../../config/assay.yaml" with { type: "text" };

export const DEFAULT_CONFIG: string = text;
