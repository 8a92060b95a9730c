# Runs inside Pyodide at build time, just before the memory snapshot is taken (under Node, see
# tools/site_build/snapshot.py): imports the module the worker calls, so that a visitor's
# Python starts with the engine already imported.  BUILD_ARGS: {"module": "cambria.webapi"}.
#
# Then it forgets what it knows about the standard-library zip: after the snapshot the browser
# puts a much smaller zip at the same path (only the modules not imported yet, see stdlib.py),
# and zipimport must read that zip's own table of contents, not this one's.  Last it prints the
# modules now imported, which the build leaves out of that smaller zip.
import gc
import importlib
import json
import sys
import zipimport

module = importlib.import_module(json.loads(BUILD_ARGS)["module"])  # noqa: F821 - set by the runner
module.prepare()  # the imports and boards of the first requests (cambria.webapi.prepare)
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()  # (not importlib.invalidate_caches(): that imports more)
gc.collect()
print("CAMBRIA-SNAPSHOT-MODULES " + json.dumps(sorted(sys.modules)))
