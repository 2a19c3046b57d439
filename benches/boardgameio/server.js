// boardgame.io's own server hosting Slime Trail, bound to 127.0.0.1 on a free port.
//
//   node server.js                     in-memory storage (boardgame.io's default)
//   node server.js --flatfile DIR      boardgame.io's FlatFile storage (node-persist) in DIR
//
// The first line on stdout is `listening on http://127.0.0.1:PORT`, as `boardgame serve` says.
const { Server, FlatFile } = require('boardgame.io/server');
const { SlimeTrail } = require('./game');

const flat = process.argv.indexOf('--flatfile');
const db = flat > 0 ? new FlatFile({ dir: process.argv[flat + 1], logging: false, ttl: false }) : undefined;
const server = Server({ games: [SlimeTrail], db, origins: ['http://127.0.0.1'] });

// boardgame.io listens on every interface; keep the measurement on the loopback interface.
const listen = server.app.listen;
server.app.listen = (port, callback) => listen.call(server.app, port, '127.0.0.1', callback);

server.run({ port: 0 }).then(({ appServer }) => {
  console.log(`listening on http://127.0.0.1:${appServer.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
