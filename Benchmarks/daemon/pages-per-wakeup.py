#!/usr/bin/env python3
"""What one wake-up of a reader touches, from a valgrind lackey trace (vm-pages-per-wakeup.sh).

A wake-up is everything between two returns from poll(2)/epoll_wait(2). Per wake-up (median) it counts the
distinct 4 KiB code pages and data pages, and the distinct control transfers the emulator cannot chain
directly (returns, indirect calls and jumps, direct ones to another page): under TCG, after a context switch
each of these costs a TLB refill or a translation-block lookup.
Usage: pages-per-wakeup.py TRACE.gz MAPS BINARY [--where]   (BINARY: the reader's executable, for its disassembly)
For the service it also prints instructions and Swift runtime calls per decoded frame.
--where also lists the pages at least half the wake-ups touch, by mapping and offset, with the functions of
BINARY that ran on each of its code pages (PLT stubs show as _init): how a page outside the hot span
(hot-path.order) is found.
"""
import bisect, collections, gzip, re, statistics, subprocess, sys

trace, maps, binary = sys.argv[1:4]
where = '--where' in sys.argv[4:]
ran = collections.defaultdict(set)   # code page -> addresses run there (a few each), for --where
regions = []
for line in open(maps):
    p = line.split()
    a, b = p[0].split('-')
    regions.append((int(a, 16), int(b, 16), int(p[2], 16), p[5] if len(p) > 5 else '[anon]'))
base = {}
for a, b, off, name in regions:
    if off == 0 and name not in base:
        base[name] = a
libc = next(n for n in base if n.endswith('/libc.so.6'))
waits = []
for line in subprocess.run(['nm', '-D', '-S', '--defined-only', libc], capture_output=True, text=True).stdout.splitlines():
    p = line.split()
    if len(p) == 4 and p[3].split('@')[0] in ('poll', 'epoll_wait'):
        waits.append((base[libc] + int(p[0], 16), base[libc] + int(p[0], 16) + int(p[1], 16)))

disassembly = {}
def kind(addr):
    """ret / indirect / direct / other for the instruction at addr."""
    for a, b, off, name in regions:
        if a <= addr < b and name != '[anon]':
            if name not in disassembly:
                path = binary if name.endswith('/' + binary.split('/')[-1]) else name
                table = {}
                out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', path], capture_output=True, text=True).stdout
                for l in out.splitlines():
                    m = re.match(r'\s*([0-9a-f]+):\s+(\S+)\s*(.*)', l)
                    if m:
                        table[int(m.group(1), 16)] = (m.group(2), m.group(3))
                disassembly[name] = table
            mnemonic, operands = disassembly[name].get(addr - base[name], ('?', ''))
            if mnemonic.startswith('ret'):
                return 'ret'
            if mnemonic.startswith(('call', 'jmp')) and '*' in operands:
                return 'indirect'
            if mnemonic.startswith(('call', 'j')):
                return 'direct'
            return 'other'
    return 'other'

# The reader's own functions (nm, once): for --where, and for the per-frame counts of the service, which hold when
# the reader fell behind and read several frames per wake-up (an owned service under valgrind in the guest), where
# wake-ups cannot be told apart: instructions and Swift runtime calls (retain, release, uniqueness and exclusivity
# checks) between successive entries of MultitouchDecoder.report.
symbols = []
for line in subprocess.run(['nm', '-n', binary], capture_output=True, text=True).stdout.splitlines():
    p = line.split()
    if len(p) == 3 and p[1] in 'tTwW':
        symbols.append((int(p[0], 16), p[2]))
binary_base = next((a for a, b, off, name in regions if off == 0 and name.endswith('/' + binary.split('/')[-1])), None)
frame_entries, runtime_entries = set(), set()
if binary_base is not None:
    for a, name in symbols:
        if name.startswith('$s10TouchInput17MultitouchDecoderV6report') and not name.endswith('Tm'):
            frame_entries.add(binary_base + a)
        elif name in ('swift_retain', 'swift_release', 'swift_isUniquelyReferenced_nonNull_native', 'swift_beginAccess'):
            runtime_entries.add(binary_base + a)
frames = []                          # (instructions so far, runtime calls so far) at each frame's entry
instructions = runtime_calls = 0

wakeups = []
code, data, transfers, count = set(), set(), set(), 0
previous, previous_size, waiting = None, 0, False
for line in gzip.open(trace, 'rt', errors='replace'):
    k = line[:2].strip()
    try:
        fields = line[3:].split(',')
        addr = int(fields[0], 16)
    except ValueError:
        continue
    if k == 'I':
        w = any(a <= addr < b for a, b in waits)
        if w and not waiting:
            wakeups.append((code, data, transfers, count))
            code, data, transfers, count = set(), set(), set(), 0
        waiting = w
        if previous is not None and addr != previous + previous_size:
            transfers.add((previous, addr))
        previous, previous_size = addr, int(fields[1])
        code.add(addr >> 12)
        if where and len(ran[addr >> 12]) < 256:
            ran[addr >> 12].add(addr)
        count += 1
        instructions += 1
        if addr in runtime_entries:
            runtime_calls += 1
        if addr in frame_entries:
            frames.append((instructions, runtime_calls))
    elif k in ('L', 'S', 'M'):
        data.add(addr >> 12)
wakeups = wakeups[5:-5]   # the first and last few include start and stop

if len(frames) > 1:
    frame_count = len(frames) - 1
    print(f"{frame_count} frames; per frame: {(frames[-1][0] - frames[0][0]) / frame_count:.0f} instructions, "
          f"{(frames[-1][1] - frames[0][1]) / frame_count:.1f} Swift runtime calls")
if not wakeups:
    sys.exit(f"{trace}: no wake-up found (the reader never returned from poll/epoll_wait during the trace: it fell "
             "behind and read frames in batches); only the per-frame figures above apply")
kinds = {}
def unchained(t):
    source, target = t
    if source not in kinds:
        kinds[source] = kind(source)
    k = kinds[source]
    return k in ('ret', 'indirect') or (k == 'direct' and source >> 12 != target >> 12)
rows = [(len(c), len(d), sum(1 for t in tr if unchained(t)), n) for c, d, tr, n in wakeups]
median = lambda i: statistics.median(r[i] for r in rows)
print(f"{len(rows)} wake-ups; per wake-up (median): {median(0):.0f} code pages, {median(1):.0f} data pages, "
      f"{median(2):.0f} unchained control transfers, {median(3):.0f} instructions")

if where:
    def place(page):
        a = page << 12
        for lo, hi, off, name in regions:
            if lo <= a < hi:
                return lo, off, name
        return None, 0, '?'
    starts = [a for a, _ in symbols]
    for label, index in (('code', 0), ('data', 1)):
        counts = collections.Counter(p for w in wakeups for p in w[index])
        common = sorted(p for p, c in counts.items() if c >= len(wakeups) / 2)
        print(f"{label} pages touched by at least half the wake-ups: {len(common)}")
        for page in common:
            lo, off, name = place(page)
            line = f"  {page << 12:#x} {name.split('/')[-1]}+{(page << 12) - (lo or 0) + off:#x}  {counts[page]}/{len(wakeups)}"
            if label == 'code' and binary_base is not None and name.endswith('/' + binary.split('/')[-1]):
                names = set()
                for addr in ran[page]:
                    i = bisect.bisect_right(starts, addr - binary_base) - 1
                    if i >= 0:
                        names.add(symbols[i][1])
                line += "  " + "; ".join(sorted(n.split(' ---> ')[-1][:80] for n in
                                                 subprocess.run(['swift', 'demangle', '--simplified'] + sorted(names),
                                                                capture_output=True, text=True).stdout.splitlines()))
            print(line)
