"""Map pictures whose parts are all kept, or whose orders are new, for an instruction count,
steadier than time on a shared machine.

Usage (from the top of the tree):

    valgrind --tool=callgrind python benchmarks/map_instructions.py 10
    valgrind --tool=callgrind python benchmarks/map_instructions.py 0

draws the pictures of 10 mid-game movement phases of a random standard game with their orders
(as ``map_speed.py`` finds them) and renders each to PNG, so that every part is drawn and kept;
then renders that many of them again: the difference of the two counts ("I refs") over the count
is the instructions of a picture made of kept parts (its SVG read, the parts pasted, the palette,
the PNG written).

    valgrind --tool=callgrind python benchmarks/map_instructions.py 10 --new
    valgrind --tool=callgrind python benchmarks/map_instructions.py 0 --new

renders the first of 11 such pictures (the board, and what it shares with the others), then the
next 10, each of whose orders are new: the difference over the count is the instructions of a
picture of new orders (its new pieces drawn by resvg besides). ``--variant`` draws another map
(``roses1``, ``richard3``, ``plantagenet-iii``, as ``map_speed.py`` names them).
"""

from __future__ import annotations

import argparse

from judge.pictures import load_shapes, png
from map_speed import draw, phases_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--new", action="store_true", help="pictures of new orders, not of kept parts")
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    if not args.variant.startswith(("richard3", "plantagenet")):
        load_shapes(args.variant)
    if args.new:
        svgs = [draw(args.variant, *phase) for phase in phases_of(args.variant, 11, 1)]
        png(svgs[0])  # the board, and the fonts
        for svg in svgs[1:1 + args.count]:
            png(svg)
        print(args.count, "pictures of new orders rendered")
        return
    svgs = [draw(args.variant, *phase) for phase in phases_of(args.variant, 10, 1)]
    for svg in svgs:
        png(svg)  # every part drawn and kept
    for svg in svgs[:args.count]:
        png(svg)
    print(args.count, "pictures rendered again")


if __name__ == "__main__":
    main()
