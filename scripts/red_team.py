#!/usr/bin/env python3
"""The hostile uses of issue 25, timed again: README's "Hostile use" figures.

    cargo build --release
    scripts/red_team.py [GRUNDY]     # default: target/release/grundy

Starts `grundy serve` on free ports of 127.0.0.1 (it needs nothing else) and
runs the command line on files it writes to a temporary folder. Each line
printed is one figure. It takes about two minutes, 75 s of them holding
1,100 slow connections open (the script raises its own descriptor limit;
the server runs under `ulimit -n 1024`).
"""
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

GRUNDY = sys.argv[1] if len(sys.argv) > 1 else "target/release/grundy"
CHEAP = '{"game": "nim", "position": [1, 2]}'


def start(*options, fds=None):
    """`grundy serve --port 0 OPTIONS`, and the port it chose."""
    command = [GRUNDY, "serve", "--port", "0", "--json", *options]
    if fds:
        command = ["bash", "-c", f"ulimit -n {fds}; exec " + " ".join(command)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return server, json.loads(server.stdout.readline())["port"]


def post(port, verb, body, content_type="application/json", host=None):
    """The status of `POST /api/VERB` and the seconds it took."""
    headers = {"Content-Type": content_type}
    if host:
        headers["Host"] = host
    data = body if isinstance(body, bytes) else body.encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/{verb}", data=data, headers=headers)
    started = time.time()
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as e:
        status = e.code
    except OSError as e:
        status = type(e).__name__
    return status, time.time() - started


def until_free(port):
    """Seconds until `GET /api/status` says no computation holds a place."""
    started = time.time()
    while time.time() - started < 300:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status") as answer:
            status = json.loads(answer.read())
        if status["computing"] == 0 and status["quick"] == 0:
            break
        time.sleep(0.002)
    return time.time() - started


def heavy_requests():
    random.seed(1)
    tree = "".join(f"{random.randrange(i)} {i}\n" for i in range(1, 1000))
    arcs = ""
    while arcs.count("\n") < 200:
        u, v = random.randrange(32), random.randrange(32)
        if u != v:
            arcs += f"{u} {v}\n"
    path = "".join(f"{i} {i + 1}\n" for i in range(3000))
    script = ("fn moves(p) { let s = 0; for i in 0..300000 { s += i; } "
              "if p[0] > 0 { [[p[0] - 1]] } else { [] } }")
    return [
        ("a script of 3 million operations a call", {"game": "script:x", "script": script, "position": [1000]}),
        ("hackenbush on a 3000-edge path, --every", {"game": "hackenbush", "graph": path, "every": True}),
        ("node-kayles on a random tree of 1000", {"game": "node-kayles", "graph": tree}),
        ("geography:directed on 32 vertices", {"game": "geography:directed", "graph": arcs, "position": [0]}),
    ]


def time_limit():
    server, port = start("--jobs", "1", "--time-limit", "2")
    print("1. grundy serve --jobs 1 --time-limit 2: a heavy request, then a cheap one")
    for name, body in heavy_requests():
        status, took = post(port, "analyze", json.dumps(body))
        freed = until_free(port)
        cheap, cheap_took = post(port, "analyze", CHEAP)
        print(f"   {name}: {status} after {took:.2f} s, every place free {freed * 1000:.1f} ms "
              f"later; a cheap request then {cheap} in {cheap_took * 1000:.1f} ms")
    print(f"2. Host: evil.example: {post(port, 'analyze', CHEAP, host='evil.example')[0]}; "
          f"Content-Type: text/plain: {post(port, 'analyze', CHEAP, content_type='text/plain')[0]}")
    body = ("{\"game\": \"nim\", \"position\": [" + "1, " * 1_000_000 + "1]}").encode()
    statuses = {}
    for _ in range(30):
        status, _ = post(port, "analyze", body)
        statuses[status] = statuses.get(status, 0) + 1
    print(f"9. 30 POSTs of a 3 MB body with urllib: {statuses}")
    server.kill()


def slow_connections():
    resource.setrlimit(resource.RLIMIT_NOFILE, (8192, 8192))
    server, port = start(fds=1024)
    slow = []
    for _ in range(1100):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.send(b"P")
        slow.append(connection)
    answers = []
    started = time.time()
    while time.time() - started < 75:
        answers.append(post(port, "analyze", CHEAP))
        if int(time.time() - started) % 10 == 0:
            for connection in slow:
                try:
                    connection.send(b"O")
                except OSError:
                    pass
        time.sleep(0.5)
    closed = 0
    for connection in slow:
        connection.settimeout(0.01)
        try:
            closed += connection.recv(1) == b""
        except socket.timeout:
            pass
        except OSError:
            closed += 1
    statuses = sorted({str(status) for status, _ in answers})
    worst = max(took for _, took in answers)
    print(f"3. 1,100 connections sending a byte every 10 s (server under ulimit -n 1024): "
          f"{len(answers)} cheap requests over 75 s, statuses {statuses}, worst {worst * 1000:.1f} ms; "
          f"{closed} of 1100 closed by the server")
    server.kill()


def command_lines():
    folder = tempfile.mkdtemp()

    def write(name, text):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def timed(label, *args, stdin=None):
        started = time.time()
        run = subprocess.run([GRUNDY, *args], capture_output=True, text=True, stdin=stdin)
        took = time.time() - started
        line = (run.stderr or run.stdout).strip().splitlines()[0]
        line = line if len(line) <= 150 else line[:60] + " ... " + line[-85:]
        print(f"   {label}: exit {run.returncode} after {took:.2f} s: {line}")

    print("4, 5. Scripts")
    timed("sleep(2) in moves", "analyze", "script:" + write("sleep.rhai", "fn moves(p) { sleep(2); [] }"), "0")
    for n in (50_000, 100_000, 200_000):
        source = f"fn moves(p) {{ let a = []; for i in 0..{n} {{ a.push(i) }} [] }}"
        timed(f"a push loop of {n}", "analyze", "script:" + write(f"push{n}.rhai", source), "0")
    print("6. Hackenbush --every on a path")
    for n in (1000, 3000, 10_000, 100_000):
        path = write(f"path{n}.txt", "".join(f"{i} {i + 1}\n" for i in range(n)))
        timed(f"{n} edges", "analyze", "hackenbush", path, "--every")
    print("7. play without a terminal")
    with open(os.devnull) as nothing:
        timed("play grundys-game 8193 65536", "play", "grundys-game", "8193", "65536", stdin=nothing)
    print("Also seen")
    timed("sequence subtraction:1,3 --misere --count 2^20", "sequence", "subtraction:1,3", "--misere",
          "--count", "2^20", "--json")


if __name__ == "__main__":
    time_limit()
    command_lines()
    slow_connections()
