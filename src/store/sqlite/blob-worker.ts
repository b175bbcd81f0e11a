// Worker threads whose code is a string (a Blob URL), not a file: a compiled binary runs them
// without an extra entry point, as long as they need nothing but what the runtime has built in.
const urls = new Map<string, string>();

/** Starts a worker running `source`, unref'd (it never keeps the process alive), or says why it could not. */
export function startBlobWorker(source: string): Worker | { error: string } {
  let url = urls.get(source);
  if (url === undefined) {
    url = URL.createObjectURL(new Blob([source], { type: "application/javascript" }));
    urls.set(source, url);
  }
  try {
    const worker = new Worker(url);
    worker.unref();
    return worker;
  } catch (e) {
    return { error: (e as Error).message };
  }
}
