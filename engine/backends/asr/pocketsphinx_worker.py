"""One long-lived PocketSphinx decoder, driven by the engine over stdin/stdout.

Loading the model takes a quarter of a second and ~100 MB, so the engine keeps this process alive and
sends it one utterance at a time instead of starting a decoder per request.

Protocol: the engine writes a JSON header line, followed by exactly `n` bytes of 16 kHz mono PCM16 when
the header has `n`. Every request gets exactly one JSON line back.
  {"op":"decode","n":N}  whole utterance, batch CMN  -> {"text":..., "words":[[word,start,end],...]}
  {"op":"start"}                                      -> {"ok":true}
  {"op":"feed","n":N,"hyp":bool}  live audio, live CMN -> {"text": partial hypothesis, or null without hyp}
  {"op":"end"}                                        -> {"text":..., "words":[...]}
  {"op":"ping"}                                       -> {"ok":true}
Times are seconds from the start of the utterance (PocketSphinx counts 100 frames per second).
"""
import json
import re
import sys

from pocketsphinx import Decoder

FILLER = re.compile(r"^(<s>|</s>|<sil>|\[[A-Z_]+\]|\+\+.*\+\+)$")
ALT = re.compile(r"\(\d+\)$")


def make_decoder(model):
    config = Decoder.default_config()
    config.set_string("-hmm", model + "/en-us")
    config.set_string("-lm", model + "/en-us.lm.bin")
    config.set_string("-dict", model + "/cmudict-en-us.dict")
    config.set_string("-logfn", "/dev/null")
    return Decoder(config)


def words_of(decoder):
    out = []
    for seg in decoder.seg():
        if FILLER.match(seg.word):
            continue
        out.append([ALT.sub("", seg.word), seg.start_frame / 100.0, (seg.end_frame + 1) / 100.0])
    return out


def result(decoder):
    words = words_of(decoder)
    return {"text": " ".join(w[0] for w in words), "words": words}


def main():
    decoder = make_decoder(sys.argv[1])
    inp = sys.stdin.buffer
    out = sys.stdout
    in_utt = False

    # Warm-up: the first decode pages in the acoustic and language models; pay for it before real work.
    decoder.start_utt()
    decoder.process_raw(b"\x00\x00" * 8000, False, True)
    decoder.end_utt()
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()

    while True:
        line = inp.readline()
        if not line:
            return
        try:
            req = json.loads(line)
            n = int(req.get("n", 0))
            data = inp.read(n) if n else b""
            op = req.get("op")
            if op == "decode":
                if in_utt:
                    decoder.end_utt()
                    in_utt = False
                decoder.start_utt()
                decoder.process_raw(data, False, True)
                decoder.end_utt()
                res = result(decoder)
            elif op == "start":
                if in_utt:
                    decoder.end_utt()
                decoder.start_utt()
                in_utt = True
                res = {"ok": True}
            elif op == "feed":
                if not in_utt:
                    decoder.start_utt()
                    in_utt = True
                decoder.process_raw(data, False, False)
                # hyp() walks the whole utterance so far and grows costly on long ones: only when asked.
                if req.get("hyp", True):
                    hyp = decoder.hyp()
                    res = {"text": " ".join(w for w in (hyp.hypstr.split() if hyp else []) if not FILLER.match(w))}
                else:
                    res = {"text": None}
            elif op == "end":
                if in_utt:
                    decoder.end_utt()
                    in_utt = False
                    res = result(decoder)
                else:
                    res = {"text": "", "words": []}
            elif op == "ping":
                res = {"ok": True}
            else:
                res = {"error": "unknown op %r" % op}
        except Exception as exc:  # report and keep serving: one bad request must not kill the decoder
            res = {"error": str(exc)}
        out.write(json.dumps(res) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
