// A load client for tests, in its own process: N keep-alive connections, each sending `GET path`
// and the next only after its answer (never pipelining), until the deadline. Once every
// connection has had an answer it sends the probe (the raw request in $PROBE_REQUEST, if any) on
// a connection of its own. At the end it prints one JSON line: the answers by status, when the
// load stopped and when the probe was answered (Date.now()), and the probe's status. It reads the
// clock in its socket callbacks, not in timers: its own loop is as busy as the server's. The
// probe's client is this process, not the server's: a server under such a load delivers nothing
// of its own fetches (their results come through the event loop's task queue).
// Run: PROBE_REQUEST=... bun test/support/busy-client.ts PORT CONNECTIONS SECONDS [PATH]
const [port, connections, seconds, path = "/livez"] = [Number(process.argv[2]), Number(process.argv[3]), Number(process.argv[4]), process.argv[5]];
const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const byStatus: Record<string, number> = {};
let deadline = Infinity;
let settled = 0; // connections that have had an answer, or are gone
let probeSent = false;
let open = connections;
let stoppedAt = 0;
const probe = { status: 0, answered_at: 0 };

/** Once every connection has had an answer (or is gone), the load's clock starts and the probe goes. */
function settle() {
  if (++settled < connections || probeSent) return;
  probeSent = true;
  deadline = Date.now() + seconds * 1000;
  sendProbe();
}

function finish() {
  if (--open > 0) return;
  console.log(JSON.stringify({ by_status: byStatus, stopped_at: stoppedAt, probe }));
  process.exit(0);
}

// Opened 256 at a time, one more as each gets its first answer: thousands of connects at once
// overflow the listen backlog, and the ones dropped are retried by the kernel seconds later.
let started = 0;
for (let i = 0; i < Math.min(256, connections); i++) connectOne();

function connectOne() {
  if (started >= connections) return;
  started++;
  let first = true;
  Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: {
      open(s) {
        s.write(request);
      },
      data(s, d) {
        // One small answer per read: a status line each (a short body, no chunking).
        for (const m of d.toString("latin1").matchAll(/HTTP\/1\.1 (\d{3})/g)) byStatus[m[1]!] = (byStatus[m[1]!] ?? 0) + 1;
        if (first) {
          first = false;
          settle();
          connectOne();
        }
        if (Date.now() >= deadline) {
          stoppedAt ||= Date.now();
          s.end();
          return;
        }
        s.write(request);
      },
      close() {
        if (first) {
          first = false;
          settle();
          connectOne();
        }
        finish();
      },
      error() {
        byStatus.error = (byStatus.error ?? 0) + 1;
      },
      connectError() {
        byStatus.connect_error = (byStatus.connect_error ?? 0) + 1;
        first = false;
        settle();
        connectOne();
        finish();
      },
    },
  });
}

function sendProbe() {
  const raw = process.env.PROBE_REQUEST;
  if (!raw) return;
  open++;
  let text = "";
  Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: {
      open(s) {
        s.write(raw);
      },
      data(s, d) {
        text += d.toString("latin1");
        const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
        if (m && !probe.status) {
          probe.status = Number(m[1]);
          probe.answered_at = Date.now();
          s.end();
        }
      },
      close() {
        finish();
      },
      connectError() {
        finish();
      },
    },
  });
}
