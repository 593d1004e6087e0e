/**
 * An upload that is really a playlist or a description of other streams (HLS, ffconcat, SDP, DASH), under a
 * media name: the engine opens it from its one URL and nothing else, so the addresses written inside it
 * receive no connection, and the answer says only that the file is not accepted media (ffmpeg's text would
 * tell an open port from a closed one).
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputArgs } from '../../engine/backends/media/input';
import { postJson, startEngine, type RunningEngine } from './helpers';

let engine: RunningEngine;
let listener: Server;
let udp: Socket;
let files: HttpServer;
let base: string;
const arrived: string[] = [];

const listen = (server: Server | HttpServer) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

function playlists(tcp: number, udpPort: number): Record<string, string> {
  const target = `http://127.0.0.1:${tcp}`;
  return {
    // `?x.ts` passes the HLS demuxer's extension check and reaches any path.
    'meeting.wav': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${target}/latest/meta-data/?x.ts\n#EXT-X-ENDLIST\n`,
    'concat.mp4': `ffconcat version 1.0\nfile '${target}/a.wav'\n`,
    'stream.wav': `v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=x\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio ${udpPort} RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n`,
    'manifest.mp4':
      '<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S" ' +
      `profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><BaseURL>${target}/</BaseURL><Period><AdaptationSet mimeType="audio/mp4">` +
      '<Representation id="a" bandwidth="1000"><BaseURL>a.mp4</BaseURL></Representation></AdaptationSet></Period></MPD>\n',
  };
}
let bodies: Record<string, string>;

beforeAll(async () => {
  listener = createServer((socket) => {
    arrived.push('tcp');
    socket.destroy();
  });
  const tcp = await listen(listener);
  udp = createSocket('udp4').on('message', () => arrived.push('udp'));
  const udpPort = await new Promise<number>((resolve) => udp.bind(0, '127.0.0.1', () => resolve(udp.address().port)));
  bodies = playlists(tcp, udpPort);
  // Stands in for the presigned R2 URL: the one address the engine is given.
  files = createHttpServer((req, res) => {
    const body = bodies[decodeURIComponent(new URL(req.url!, 'http://x').pathname.slice(1))];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  base = `http://127.0.0.1:${await listen(files)}`;
  engine = await startEngine();
});

afterAll(async () => {
  await engine?.close();
  listener?.close();
  udp?.close();
  files?.close();
});

describe('media that names other addresses', () => {
  for (const path of ['/v1/media/probe', '/v1/media/extract']) {
    it(`${path}: opens no address written in a playlist, and answers without ffmpeg's words`, async () => {
      for (const name of Object.keys(bodies)) {
        const { status, json } = await postJson(engine.url, path, { url: `${base}/${name}` });
        expect({ name, status, code: json.error.code }).toEqual({ name, status: 415, code: 'unsupported_media' });
        expect(json.error.message).toBe('unsupported format "unknown"; accepted: mp3, mp4, wav, wmv, avi, ogg, flv');
      }
      // ffprobe has exited by the time the engine answers: anything it opened has connected already.
      expect(arrived).toEqual([]);
    });
  }

  it('binds every input to the protocols of its own location', () => {
    expect(inputArgs('https://bucket.example/object?X-Amz-Signature=1').slice(0, 2)).toEqual(['-protocol_whitelist', 'https,tls,tcp']);
    expect(inputArgs('http://127.0.0.1:9/x').slice(0, 2)).toEqual(['-protocol_whitelist', 'http,tcp']);
    expect(inputArgs('/tmp/upload.media').slice(0, 2)).toEqual(['-protocol_whitelist', 'file']);
    expect(inputArgs('pipe:0', ['wav']).slice(0, 4)).toEqual(['-protocol_whitelist', 'pipe', '-format_whitelist', 'wav']);
  });
});
