"""A stand-in for Sharp's developer-mode binary in tests.

`sharp-dev evalPos FILE` (scripts/build_sharp.sh) prints Sharp's static
evaluation of each position of FILE term by term. The stand-in evaluates
each position with ludus (`eval` through UGI; the binary under test is
$LUDUS_UNDER_TEST) and prints, in evalPos's layout, the lines that the
test gives as Python statements over `t` (ludus's printed terms by name,
`total` included) and `rng` (random numbers, seeded).
"""

import os

TEMPLATE = r'''#!/usr/bin/env python3
import os, random, re, subprocess, sys
assert sys.argv[1] == "evalPos"
records = [r.split() for r in open(sys.argv[2]).read().split(";") if r.strip()]
fens = [f"{board} {turn[-1]} {turn[:-1]}" for board, turn in records]
script = "ugi\nsetoption name Game value arimaa\n" + "".join(f"position fen {f}\neval\n" for f in fens) + "quit\n"
out = subprocess.run([os.environ["LUDUS_UNDER_TEST"]], input=script, capture_output=True, text=True).stdout
rng = random.Random(7)
print(sys.argv[2] + " rev")
for i, chunk in enumerate(out.split("ludus evaluation for")[1:]):
    t = {m.group(1): int(m.group(2)) for m in re.finditer(r"info string ([a-z]+) (-?\d+)", chunk)}
    print(f"{i}-----\n---Eval (mainpla = n )-----")
'''


def write_sharp_dev(directory, lines):
    """Writes DIR/sharp-dev, which prints `lines` (statements, one a line,
    run for each position) after each position's evalPos header."""
    path = os.path.join(directory, "sharp-dev")
    with open(path, "w", encoding="utf-8") as f:
        f.write(TEMPLATE + "".join(f"    {line}\n" for line in lines))
    os.chmod(path, 0o755)
    return path
