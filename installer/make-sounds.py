#!/usr/bin/env python3
"""Synthesises the program's sounds into res/*.wav (16-bit mono PCM, 22050 Hz).

The WAV files are generated, not recorded: this script is their source. Run it from anywhere:
    python3 installer/make-sounds.py
Output is deterministic (fixed noise seed), so rerunning changes nothing.
  sound-stone.wav     a stone placed by you: a short wooden click
  sound-opponent.wav  a stone placed by the opponent: a lower, softer knock
  sound-gameover.wav  the game ended: three falling bell tones
  sound-message.wav   a chat message came in: two rising soft chimes
  sound-clock.wav     the clock of the side to move fell under 10 seconds: two quick high ticks
"""
import math
import os
import random
import struct
import wave

RATE = 22050
RES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "res")


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / peak
    with wave.open(os.path.join(RES, name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(s * scale)) for s in samples))


def knock(freqs, length, decay, noise, seed):
    """A struck piece of wood: a burst of noise and a few quickly decaying partials."""
    rng = random.Random(seed)
    out = []
    for i in range(int(RATE * length)):
        t = i / RATE
        env = math.exp(-t / decay)
        tone = sum(a * math.sin(2 * math.pi * f * t) for f, a in freqs)
        burst = noise * rng.uniform(-1, 1) * math.exp(-t / 0.004)
        attack = min(1.0, i / 20)  # no click from a sudden start
        out.append(attack * (env * tone + burst))
    return out


def bell(freq, start, length, total):
    """A soft bell tone (fundamental and two inharmonic partials) placed at `start` seconds."""
    out = [0.0] * int(RATE * total)
    for i in range(int(RATE * length)):
        t = i / RATE
        j = int(RATE * start) + i
        if j >= len(out):
            break
        env = math.exp(-t / (length / 4)) * min(1.0, i / 60)
        out[j] += env * (math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(2 * math.pi * freq * 2.76 * t)
                         + 0.1 * math.sin(2 * math.pi * freq * 5.4 * t))
    return out


def mix(*tracks):
    return [sum(v) for v in zip(*tracks)]


write("sound-stone.wav", knock([(1850, 1.0), (3100, 0.5), (720, 0.4)], 0.09, 0.018, 0.8, 1))
write("sound-opponent.wav", knock([(1150, 1.0), (2300, 0.3), (480, 0.5)], 0.11, 0.025, 0.5, 2))
write("sound-gameover.wav",
      mix(bell(784, 0.0, 0.5, 0.9), bell(659, 0.18, 0.5, 0.9), bell(523, 0.36, 0.54, 0.9)))
write("sound-message.wav", mix(bell(880, 0.0, 0.3, 0.42), bell(1175, 0.12, 0.3, 0.42)))
write("sound-clock.wav", mix(bell(1976, 0.0, 0.07, 0.24), bell(1976, 0.14, 0.07, 0.24)))
