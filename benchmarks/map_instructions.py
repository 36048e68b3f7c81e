"""Map pictures whose parts are all kept, for an instruction count, steadier than time on a shared
machine.

Usage (from the top of the tree):

    valgrind --tool=callgrind python benchmarks/map_instructions.py 10
    valgrind --tool=callgrind python benchmarks/map_instructions.py 0

draws the pictures of 10 mid-game movement phases of a random standard game with their orders
(as ``map_speed.py`` finds them) and renders each to PNG, so that every part is drawn and kept;
then renders that many of them again: the difference of the two counts ("I refs") over the count
is the instructions of a picture made of kept parts (its SVG read, the parts pasted, the palette,
the PNG written).
"""

from __future__ import annotations

import sys

from judge.pictures import load_shapes, picture, png
from map_speed import movement_phases


def main() -> None:
    again = int(sys.argv[1])
    load_shapes("standard")
    svgs = [picture("standard", state, results) for state, results in movement_phases("standard", 10, 1)]
    for svg in svgs:
        png(svg)  # every part drawn and kept
    for svg in svgs[:again]:
        png(svg)
    print(again, "pictures rendered again")


if __name__ == "__main__":
    main()
