// Scripted clients of boardgame.io's server playing Slime Trail in N matches at once: the same
// load as `boardgame loadtest` puts on ours, measured the same way.
//
//   node load.js --url http://127.0.0.1:PORT --pid PID --rooms N --seconds S [--games G] [--json]
//
// Each match: create it through the lobby API, join both seats (a credential each), open one
// socket.io connection (WebSocket transport) per seat and sync. The seat whose turn it is steps
// the snail to a random legal cell; the latency of an action is from sending it to that seat's
// connection receiving the state after it. A finished match is left and a new one created.
// Prints one line (or one JSON object with --json) with the figures.
const fs = require('fs');
const { io } = require('socket.io-client');
const { legalCells } = require('./game');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const url = option('--url');
const pid = Number(option('--pid', 0));
const rooms = Number(option('--rooms', 10));
const seconds = Number(option('--seconds', 10));
const gamesLimit = Number(option('--games', 0));
const json = process.argv.includes('--json');
const ACTION_TIMEOUT_MS = 10000;
if (!/^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d+)?$/.test(url || '')) {
  console.error('--url must be a loopback http://127.0.0.1:PORT address');
  process.exit(2);
}
if (!(rooms >= 1 && rooms <= 10000 && seconds > 0 && seconds <= 3600)) {
  console.error('--rooms must be in 1..=10000 and --seconds in (0, 3600]');
  process.exit(2);
}

/** The server's resident memory in KiB, or 0 without a pid. */
function rssKb() {
  if (!pid) return 0;
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) : 0;
}
/** The server's CPU time (user + system) in seconds, or 0 without a pid. */
function cpuSeconds() {
  if (!pid) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function post(path, body) {
  const answer = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    // A server that stops answering fails the match instead of holding the run open.
    signal: AbortSignal.timeout(ACTION_TIMEOUT_MS),
  });
  if (!answer.ok) throw new Error(`${path}: status ${answer.status}`);
  return answer.json();
}

const latencies = [];
let actions = 0;
let games = 0;
let errors = 0;
let started;
let deadline;
const stopped = () => performance.now() >= deadline || (gamesLimit && games >= gamesLimit);

/** One match from creation to its end (or the deadline). */
async function playMatch() {
  const { matchID } = await post('/games/slimetrail/create', { numPlayers: 2 });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/slimetrail/${matchID}/join`, {
      playerID,
      playerName: `load-${playerID}`,
    });
    seats.push({ playerID, credentials: playerCredentials });
  }
  await new Promise((resolve) => {
    const sockets = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(stop);
      for (const socket of sockets) socket.close();
      resolve();
    };
    // The run's end ends the match even if no state comes any more (as `boardgame loadtest`'s
    // seats stop at the end): a seat that waits for the other's move has no timer of its own,
    // and a match whose update was lost (seen with FlatFile) held the run open for ever.
    const stop = setTimeout(finish, Math.max(0, deadline - performance.now()));
    for (const seat of seats) {
      const socket = io(`${url}/slimetrail`, { transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      let sentAt = null;
      let sentStateID = -1;
      // Until the first state arrives: a seat that is never synced fails the match.
      let timer = setTimeout(() => {
        if (finished) return;
        errors++;
        finish();
      }, ACTION_TIMEOUT_MS);
      let synced = false;
      const onState = (state) => {
        if (finished) return;
        if (!synced) {
          synced = true;
          clearTimeout(timer);
        }
        if (sentAt !== null && state._stateID > sentStateID) {
          clearTimeout(timer);
          if (performance.now() <= deadline) {
            latencies.push(performance.now() - sentAt);
            actions++;
          }
          sentAt = null;
        }
        if (state.ctx.gameover) {
          games++;
          return finish();
        }
        if (stopped()) return finish();
        if (state.ctx.currentPlayer !== seat.playerID || state._stateID <= sentStateID) return;
        const cells = legalCells(state.G);
        const cell = cells[Math.floor(Math.random() * cells.length)];
        sentStateID = state._stateID;
        sentAt = performance.now();
        timer = setTimeout(() => {
          if (finished) return;
          errors++;
          finish();
        }, ACTION_TIMEOUT_MS);
        const action = {
          type: 'MAKE_MOVE',
          payload: { type: 'step', args: [cell], playerID: seat.playerID, credentials: seat.credentials },
        };
        socket.emit('update', action, state._stateID, matchID, seat.playerID);
      };
      socket.on('sync', (_id, syncInfo) => onState(syncInfo.state));
      socket.on('update', (_id, state) => onState(state));
      socket.on('connect_error', () => {
        errors++;
        finish();
      });
      socket.on('connect', () => socket.emit('sync', matchID, seat.playerID, seat.credentials, 2));
    }
  });
}

async function room() {
  while (!stopped()) {
    try {
      await playMatch();
    } catch (error) {
      errors++;
      if (!json) console.error(String(error));
    }
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const rssBase = rssKb();
  const cpuBase = cpuSeconds();
  started = performance.now();
  deadline = started + seconds * 1000;
  // The figures are taken at the deadline, while every room is still open.
  let rssEnd = rssBase;
  let cpuEnd = cpuBase;
  let elapsed = seconds;
  const sample = setTimeout(() => {
    rssEnd = rssKb();
    cpuEnd = cpuSeconds();
    elapsed = (performance.now() - started) / 1000;
  }, seconds * 1000);
  await Promise.all(Array.from({ length: rooms }, room));
  if (performance.now() < deadline) {
    clearTimeout(sample);
    rssEnd = rssKb();
    cpuEnd = cpuSeconds();
    elapsed = (performance.now() - started) / 1000;
  }
  latencies.sort((a, b) => a - b);
  const report = {
    server: 'boardgame.io',
    rooms,
    seconds: Number(elapsed.toFixed(2)),
    actions,
    games,
    errors,
    actions_per_sec: Math.round(actions / elapsed),
    p50_ms: Number(percentile(latencies, 50).toFixed(3)),
    p99_ms: Number(percentile(latencies, 99).toFixed(3)),
    max_ms: Number((latencies[latencies.length - 1] || 0).toFixed(3)),
    rss_base_kb: rssBase,
    rss_end_kb: rssEnd,
    rss_per_room_kb: Math.round((rssEnd - rssBase) / rooms),
    server_cpu_s: Number((cpuEnd - cpuBase).toFixed(2)),
  };
  if (json) {
    console.log(JSON.stringify(report));
  } else {
    console.log(Object.entries(report).map(([k, v]) => `${k}=${v}`).join(' '));
  }
}
main();
