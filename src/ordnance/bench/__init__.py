"""The odds benchmark: ``python -m ordnance.bench.run [--quick]`` (``make bench``).

It runs this engine, icepool, dyce, a hand-written integer convolution and a
naive per-die NumPy simulation side by side on the same queries in one
process. It is a separate command, never part of the test suite.
"""
