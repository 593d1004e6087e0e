/**
 * How ffmpeg and ffprobe may open an input: the one place the engine builds their input arguments.
 *
 * An uploaded file is whatever its uploader made it. Named `meeting.wav`, an HLS playlist, an ffconcat list or
 * an SDP description makes ffmpeg open the URLs written inside it, so without limits the engine fetches
 * addresses an uploader chose, from inside its own network. So each input is opened only by the demuxers the
 * product accepts (none of which opens other URLs) and only over the protocols its own location needs: a
 * presigned https URL may use https, tls and tcp; a local file only `file`; stdin only `pipe`. ffmpeg applies
 * the protocol list to every nested open as well, so even a demuxer that tried would reach nothing else.
 */

/** ffmpeg's demuxer names for the containers an upload may be: the spec's mp3, mp4, wav, wmv, avi, ogg, flv. */
export const UPLOAD_DEMUXERS = ['mp3', 'mov', 'wav', 'asf', 'avi', 'ogg', 'flv'] as const;

/** What a speech synthesiser answers with (espeak's wav, a provider's mp3/opus/aac/flac), and raw PCM. */
export const SPEECH_DEMUXERS = ['wav', 'mp3', 'ogg', 'flac', 'aac', 'mov', 'matroska', 's16le'] as const;

/** The protocols that reach exactly `source` and nothing else. */
export function protocolsFor(source: string): string {
  if (source.startsWith('https://')) return 'https,tls,tcp';
  if (source.startsWith('http://')) return 'http,tcp';
  if (source === 'pipe:0' || source === '-') return 'pipe';
  return 'file';
}

/**
 * `-i source`, preceded by the options that bind it: the demuxers it may be read by and the protocols it may
 * use. Options before it (a forced `-f`, `-ss`) may still be added by the caller.
 */
export function inputArgs(source: string, demuxers: readonly string[] = UPLOAD_DEMUXERS): string[] {
  return ['-protocol_whitelist', protocolsFor(source), '-format_whitelist', demuxers.join(','), '-i', source];
}

/** ffmpeg's words when the whitelist refused the input: a format the product does not accept, not a broken file. */
export const refusedByWhitelist = (stderr: string) => /not on whitelist/i.test(stderr);
