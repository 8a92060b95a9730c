"""The command line of build.py: build, serve, test.  Every option has a help text, wrong
arguments get a one-line message (argparse's), and expected failures (a build step, a port in
use) a one-line message instead of a traceback."""

from __future__ import annotations

import argparse
import errno
import sys

from .assemble import build
from .common import DIST, BuildError
from .headers import HOSTS, for_host, meta_policy

USAGE = """\
  python3 build.py [build] [--no-snapshot]      build dist/
  python3 build.py serve [--port N] [--host H]  build, then serve dist/ (default http://localhost:8000/)
  python3 build.py test [pytest arguments]      set up .venv, Chromium and Node if missing, build, run pytest
  python3 build.py headers nginx|caddy          print the host's lines for the headers of the built site"""


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0-65535; 0 picks a free one)")
    return port


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="build.py", description="Build, serve and test the Cambria static site.\n\n" + USAGE,
        epilog="`build.py test` passes all its arguments to pytest, e.g. "
               "`python3 build.py test tests/test_build.py -x -q`.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = top.add_subparsers(dest="command", metavar="{build,serve,test,headers}")
    b = commands.add_parser("build", help="build dist/ (the default command)",
                            description="Build the site into dist/.")
    b.add_argument("--no-snapshot", action="store_true",
                   help="leave out the memory snapshot (the site then starts Python normally, slower)")
    s = commands.add_parser("serve", help="build, then serve dist/ on this machine",
                            description="Set up what the build needs (Node.js and npm, from Debian where they are missing), "
                            "build the site, then serve dist/ over HTTP until Ctrl-C.")
    s.add_argument("--port", type=port_number, default=8000, metavar="N",
                   help="the port to listen on (default 8000; 0 picks a free one)")
    s.add_argument("--host", default="127.0.0.1", metavar="H",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    s.add_argument("--no-build", action="store_true", help="serve dist/ as it is, without building first")
    s.add_argument("--plain", action="store_true",
                   help="never send the build's precompressed .br files: a plain static server "
                        "(by default they are sent, with Content-Encoding: br, to browsers that accept it)")
    s.add_argument("--compress", action="store_true",
                   help="gzip text and wasm on the fly, as many hosts do (to try the site as they serve it)")
    commands.add_parser("test", add_help=False, help="set up, build and run pytest (arguments go to pytest)")
    h = commands.add_parser("headers", help="print the headers of the built site in a host's words",
                            description="Print the HTTP headers the built site asks of its host (its "
                            "Content-Security-Policy, nosniff) as lines for nginx's server block or Caddy's "
                            "site block; netlify prints dist/_headers, the file Netlify and Cloudflare Pages read.")
    h.add_argument("host", choices=HOSTS, help="the kind of host: nginx, caddy or netlify (the _headers file)")
    return top


def serve(args: argparse.Namespace) -> int:
    from .serve import make_server

    if not args.no_build:
        from .testenv import ensure_node

        ensure_node()  # a fresh machine: one command sets up and starts the game
        build()
    try:
        server = make_server(DIST, args.port, args.host, compress=args.compress, precompressed=not args.plain)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(f"build.py serve: port {args.port} is already in use on {args.host}; "
                  f"stop what uses it or choose another with --port N", file=sys.stderr)
        else:
            print(f"build.py serve: cannot listen on {args.host}:{args.port}: {exc.strerror or str(exc)}", file=sys.stderr)
        return 1
    host, port = str(server.server_address[0]), int(server.server_address[1])
    shown = "localhost" if host == "127.0.0.1" else host
    print(f"Serving {DIST} at http://{shown}:{port!s}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def print_headers(host: str) -> int:
    page = DIST / "index.html"
    if not page.is_file():
        raise BuildError(f"{page} is missing: build first (python3 build.py)")
    print(for_host(host, meta_policy(page.read_text(encoding="utf-8"))), end="")
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "test":
        if argv[1:] in (["-h"], ["--help"]):
            print("usage: python3 build.py test [pytest arguments]\n\n"
                  "Installs what is missing (a .venv with the pinned test packages, Debian's chromium,\n"
                  "node and npm), builds dist/ and runs pytest with the given arguments.")
            return 0
        from .testenv import run_tests

        try:
            return run_tests(argv[1:])
        except BuildError as exc:
            print(f"build: error: {exc}", file=sys.stderr)
            return 1
    if argv[:1] == ["--no-snapshot"]:  # the old spelling: `build.py --no-snapshot`
        argv = ["build", *argv]
    args = parser().parse_args(argv)  # exits 2 with a one-line message on bad arguments
    try:
        if args.command == "serve":
            return serve(args)
        if args.command == "headers":
            return print_headers(args.host)
        build(snapshot=False if getattr(args, "no_snapshot", False) else None)
        return 0
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build: interrupted", file=sys.stderr)
        return 130
