"""Runs a command in a real pseudo-terminal and types into it, as a person would (tests/cli/terminal.test.ts).

Usage: python3 pty-drive.py ROWS COLS [--stdout-file FILE] -- COMMAND ARGS...
Standard input: a JSON list of steps, each {"wait": REGEX} (wait until the output after the previous
wait's match matches it, 20 s at most) or {"send": TEXT} (write TEXT to the terminal in one write: a burst), or {"until": REGEX, "press": KEY}
(press KEY at each pager's "press a key" until REGEX shows), or {"resize": [ROWS, COLS]} (the window resized),
or {"write": FILE, "text": TEXT} (FILE, relative to the command's folder, written from another shell),
or {"copy": FROM, "to": FILE} (FROM copied over FILE, both relative to the command's folder).
Prints one JSON object: {"code": exit code or null, "output": everything the terminal showed,
"timedOut": the wait that failed, or null}.
With --stdout-file, the command's stdout goes to FILE instead of the terminal (stdin and stderr stay on it).
"""
import fcntl, json, os, re, select, signal, struct, subprocess, sys, termios, time

args = sys.argv[1:]
rows, cols = int(args[0]), int(args[1])
args = args[2:]
stdout_file = None
if args[0] == '--stdout-file':
    stdout_file = args[1]
    args = args[2:]
assert args[0] == '--'
cmd = args[1:]
steps = json.load(sys.stdin)

master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
out_target = open(stdout_file, 'wb') if stdout_file else slave
env = dict(os.environ, TERM='xterm-256color')
env.pop('NO_COLOR', None)
proc = subprocess.Popen(cmd, stdin=slave, stdout=out_target, stderr=slave, env=env, start_new_session=True,
                        preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
os.close(slave)
output = b''
timed_out = None
pos = 0  # where the next wait starts looking


def pump(timeout):
    """Reads what the terminal shows within `timeout` s. Returns 'data', 'idle' or 'eof'."""
    global output
    r, _, _ = select.select([master], [], [], timeout)
    if not r:
        return 'idle'
    try:
        data = os.read(master, 65536)
    except OSError:
        return 'eof'
    if not data:
        return 'eof'
    output += data
    return 'data'


for step in steps:
    if 'wait' in step:
        deadline = time.time() + step.get('timeout', 20)
        pat = re.compile(step['wait'])
        while True:
            m = pat.search(output.decode('utf8', 'replace'), pos)
            if m:
                pos = m.end()
                break
            if time.time() > deadline or (proc.poll() is not None and pump(0.05) == 'eof'):
                timed_out = step['wait']
                break
            pump(0.05)
        if timed_out:
            break
    elif 'until' in step:
        # Presses a key (a page of events read) each time the pager asks, until REGEX shows.
        deadline = time.time() + step.get('timeout', 20)
        pat = re.compile(step['until'])
        pager = re.compile(step.get('pager', 'press a key|a key for more'))
        while True:
            text = output.decode('utf8', 'replace')
            m = pat.search(text, pos)
            if m:
                pos = m.end()
                break
            k = pager.search(text, pos)
            if k:
                pos = k.end()
                os.write(master, step['press'].encode('utf8'))
            if time.time() > deadline or pump(0.05) == 'eof':
                timed_out = step['until']
                break
        if timed_out:
            break
    elif 'send' in step:
        os.write(master, step['send'].encode('utf8'))
    elif 'resize' in step:
        # The window made another size: the terminal's size set, and its programs told (SIGWINCH).
        r, c = step['resize']
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', r, c, 0, 0))
        os.killpg(proc.pid, signal.SIGWINCH)
    elif 'write' in step:
        with open(step['write'], 'w') as f:
            f.write(step['text'])
    elif 'copy' in step:
        with open(step['copy']) as src, open(step['to'], 'w') as f:
            f.write(src.read())
    elif 'sleep' in step:
        end = time.time() + step['sleep']
        while time.time() < end:
            pump(0.05)

deadline = time.time() + 20
while proc.poll() is None and time.time() < deadline:
    pump(0.05)
if proc.poll() is None:
    proc.kill()
    proc.wait()
while pump(0.05) == 'data':
    pass
print(json.dumps({'code': proc.returncode if proc.returncode is not None else None, 'output': output.decode('utf8', 'replace'), 'timedOut': timed_out}))
