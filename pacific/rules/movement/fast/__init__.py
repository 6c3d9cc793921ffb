"""The speed machinery of movement listing, behind one boundary.

Listing every legal move of a movement phase from scratch means checking thousands of
candidate paths. Everything here makes that cheaper and nothing here decides a rule: a listing
made with it equals the listing made without it (`pacific.rules.engine.Game` with
``remember=False`` is that reference, and tests/test_movement_incremental.py compares the two
along random games).

- `memory`: the `Memory` a `Game` owns and hands to each call, which keeps answers from one
  listing to the next; and the *read view* of a state that is only being read (its units
  indexed by space, answers remembered for the duration of the read).
- `incremental`: a stack's moves are listed again only when something they depend on
  changed since the last listing.
- `checkmemo`: a path check's answer is kept with a signature of everything it read.

What each layer buys (`benchmarks/speed_layers.py`: processor time to list 1,200 positions of
random self-play on the real board, median of 3 runs, each layer turned off alone against all
on; details in docs/performance.md):
- incremental listing: listing takes 3.1 times as long without it;
- routes and control readings kept between listings: 1.21 times;
- the path-check memo: 1.11 times;
- moves and other actions shared between listings: 1.10 times;
- with no memory at all (the reference) listing takes 4.1 times as long.
The read view (units by space, answers remembered within one listing) is older than these and
underlies them all; it is not switched off by the benchmark.

What a rule author must keep in mind is in CONTRIBUTING.md ("Rules and the speed machinery").
"""
