# Runs inside Pyodide at build time (under Node, see tools/site_build/bytecode.py): byte-compiles
# Python sources with this exact interpreter into unchecked hash-based .pyc files, so that the
# browser never compiles from source and never stats a source file to validate a .pyc.
#
# BUILD_ARGS (JSON): {"jobs": [{"src": zip, "dst": zip, "layout": "zipimport" | "package",
#                               "prefix": path the modules have at run time,
#                               "keep": [zip entry names] or null for all}]}
#   zipimport  mod.py becomes mod.pyc and the source is left out (the standard library)
#   package    the source stays and __pycache__/mod.<tag>.pyc is added beside it (the engine:
#              its sources are read at run time, e.g. for tracebacks and inspect)
import importlib._bootstrap_external as _be
import importlib.util
import json
import sys
import zipfile

STAMP = (1980, 1, 1, 0, 0, 0)


def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_be._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def entry(name):
    # Stored, not deflated: the site ships the whole zip compressed (gzip, brotli), which is
    # smaller than deflating each small file on its own.
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info


for job in json.loads(BUILD_ARGS)["jobs"]:  # noqa: F821 - set by the runner
    keep = set(job["keep"]) if job.get("keep") is not None else None
    with zipfile.ZipFile(job["src"]) as zin, zipfile.ZipFile(job["dst"], "w") as zout:
        for item in sorted(zin.infolist(), key=lambda i: i.filename):
            name = item.filename
            if item.is_dir() or (keep is not None and name not in keep):
                continue
            data = zin.read(item)
            if not name.endswith(".py"):
                zout.writestr(entry(name), data)
                continue
            code = pyc(data, job["prefix"] + name)
            if job["layout"] == "zipimport":
                # zipimport looks for mod.pyc where mod.py would be; the source is left out.
                zout.writestr(entry(name[:-3] + ".pyc"), code)
            else:
                zout.writestr(entry(name), data)
                folder, _, base = name.rpartition("/")
                cached = f"__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"
                zout.writestr(entry(f"{folder}/{cached}" if folder else cached), code)
    print(f"compiled {job['src']} -> {job['dst']}")
