"""Long calls release the GIL and stop on Ctrl-C with KeyboardInterrupt.

A child Python process starts a count that would run for hours (a 7x7 board with two corners
joined under nikoli rules has astronomically many solutions). A second thread of the child prints
"started" once the main thread has announced the call: it can run while the count holds the main
thread only because the call released the GIL (a held GIL would keep it silent, and the test
would fail waiting). The parent waits for that line, never a fixed time, then sends SIGINT. The
child's own SIGINT handler notes the time and raises KeyboardInterrupt as Python's does; the child
prints how long after the signal the exception reached it, and the bound is SIGNAL_BOUND_SECONDS
(conftest.py).
"""
import os
import select
import signal
import subprocess
import sys
import textwrap

import pytest

from conftest import EVENT_GIVE_UP_SECONDS, SIGNAL_BOUND_SECONDS

CHILD = textwrap.dedent("""
    import signal, sys, threading, time
    import numberlink

    signalled = []
    def on_sigint(signum, frame):
        signalled.append(time.monotonic())
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, on_sigint)

    board = "A......\\n" + ".......\\n" * 5 + "......A\\n"
    puzzle = numberlink.read_text(board, name="many", rules="nikoli")[0]
    calling = threading.Event()
    def announce():
        calling.wait()
        print("started", flush=True)
    threading.Thread(target=announce, daemon=True).start()
    try:
        calling.set()
        result = CALL
        print("finished", result, flush=True)
    except KeyboardInterrupt:
        print("interrupted %.3f" % (time.monotonic() - signalled[0]), flush=True)
""")

CALLS = {
    "count": "numberlink.count(puzzle)",
    "count-search": "numberlink.count(puzzle, engine='search')",
    # Every solution of the board, one at a time: endless too; the signal arrives while the
    # generator waits for the next solution or while the loop builds the list.
    "solutions": "sum(1 for _ in numberlink.solutions(puzzle))",
    "solve-route": "numberlink.solve(numberlink.read_text("
                   "'SIZE 200X200\\nLINE_NUM 2\\nLINE#1 (0,0)-(199,199)\\nLINE#2 (199,0)-(0,199)\\n',"
                   " name='cross')[0], engine='route')",
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_ctrl_c_stops_a_long_call_with_keyboard_interrupt(call):
    child = subprocess.Popen([sys.executable, "-c", CHILD.replace("CALL", CALLS[call])],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ)
    try:
        ready, _, _ = select.select([child.stdout], [], [], EVENT_GIVE_UP_SECONDS)
        assert ready, "the child never said it started"
        assert child.stdout.readline() == "started\n", child.stderr.read()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=EVENT_GIVE_UP_SECONDS)
    finally:
        child.kill()
    assert child.returncode == 0, err
    assert out.startswith("interrupted "), out + err
    assert float(out.split()[1]) < SIGNAL_BOUND_SECONDS, out
