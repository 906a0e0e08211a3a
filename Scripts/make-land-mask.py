#!/usr/bin/env python3
"""Writes the weather map's land mask: Sources/WeatherFeature/Resources/land-mask.bin.

Source: the PyPI package global-land-mask 1.0.0 (MIT licence), whose mask comes from NOAA's
GLOBE 30-arc-second elevation data (public domain): 43200 x 21600 points, each land or sea.

Output: the world at 1/8 degree (7.5 arc-minutes, about 14 km at the equator), 2880 columns from
180 W eastwards by 1440 rows from 90 N southwards. A cell is land when at least half of the
225 GLOBE points inside it are land (so most lakes count as land, as GLOBE has them). File
layout: the 8 bytes "HMLAND01", columns and rows as little-endian UInt32, then the rows, each
360 bytes, a set bit (most significant first) meaning land. 518,416 bytes.

Run it once, from the repository root, when the mask should change; the app never runs it:

    python3 -m venv /tmp/land-mask-env
    /tmp/land-mask-env/bin/pip install global-land-mask==1.0.0 numpy
    /tmp/land-mask-env/bin/python Scripts/make-land-mask.py

The loader (LandMask.swift) checks the header and the size.
"""

import hashlib
import struct
import sys
from pathlib import Path

import numpy as np
from global_land_mask import globe

STEP = 15  # GLOBE points per output cell along each axis: 1/120 degree * 15 = 1/8 degree
OUTPUT = Path("Sources/WeatherFeature/Resources/land-mask.bin")


def main() -> int:
    ocean = globe._mask  # rows from 90 N southwards, columns from 180 W eastwards
    lat, lon = globe._lat, globe._lon
    if not (lat[0] > lat[-1] and lon[0] < lon[-1]):
        print("unexpected orientation of the GLOBE mask", file=sys.stderr)
        return 1
    rows, columns = ocean.shape[0] // STEP, ocean.shape[1] // STEP
    land_points = np.zeros((rows, columns), dtype=np.int32)
    # Band by band, so that the 930 MB mask is never copied whole.
    for row in range(rows):
        band = ~ocean[row * STEP:(row + 1) * STEP, :]
        land_points[row] = band.reshape(STEP, columns, STEP).sum(axis=(0, 2))
    land = land_points * 2 >= STEP * STEP
    packed = np.packbits(land, axis=1, bitorder="big")
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with OUTPUT.open("wb") as out:
        out.write(b"HMLAND01")
        out.write(struct.pack("<II", columns, rows))
        out.write(packed.tobytes())
    data = OUTPUT.read_bytes()
    print(f"{OUTPUT}: {columns} x {rows} cells, {land.mean():.1%} land, {len(data)} bytes, "
          f"sha256 {hashlib.sha256(data).hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
