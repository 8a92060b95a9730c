#!/usr/bin/env bash
# The test suite under load: run the README's test command N times (default 3), each time with
# two CPU-burning processes beside it, as on a busy 2-core machine. Reports every round and
# exits 0 only if every round passed.
#
#   tools/stress.sh                       # 3 rounds of `python3 build.py test`
#   tools/stress.sh -n 5                  # 5 rounds
#   tools/stress.sh -n 1 -- tests --ignore=tests/web -q    # arguments after -- go to pytest
#
# STRESS_BURNERS sets the number of burners (default 2). Each round's output is kept in
# .cache/stress/round-<i>.log. The burners are stopped by their process ids when a round ends,
# and on Ctrl-C.
set -uo pipefail
cd "$(dirname "$0")/.."

rounds=3
while [ $# -gt 0 ]; do
    case "$1" in
        -n|--rounds)
            rounds="${2:-}"; shift 2 || { echo "stress: -n needs a number" >&2; exit 2; } ;;
        -h|--help)
            sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        --)
            shift; break ;;
        *)
            echo "stress: unknown argument '$1' (pytest arguments go after --)" >&2; exit 2 ;;
    esac
done
case "$rounds" in
    ''|*[!0-9]*|0) echo "stress: the number of rounds must be a whole number of at least 1, not '$rounds'" >&2; exit 2 ;;
esac
burners="${STRESS_BURNERS:-2}"
case "$burners" in
    ''|*[!0-9]*) echo "stress: STRESS_BURNERS must be a whole number, not '$burners'" >&2; exit 2 ;;
esac

logs=".cache/stress"
mkdir -p "$logs"
pids=()

stop_burners() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    pids=()
}
trap 'stop_burners; echo "stress: interrupted" >&2; exit 130' INT TERM
trap stop_burners EXIT

passed=0
results=()
for ((i = 1; i <= rounds; i++)); do
    for ((b = 0; b < burners; b++)); do
        python3 -c "while True: pass" &
        pids+=("$!")
    done
    log="$logs/round-$i.log"
    echo "stress: round $i of $rounds: python3 build.py test $* (beside $burners CPU burners; log: $log)"
    start=$SECONDS
    python3 build.py test "$@" >"$log" 2>&1
    status=$?
    seconds=$((SECONDS - start))
    stop_burners
    summary="$(grep -E '^(=+ )?[0-9]+ (passed|failed|error)|(passed|failed|error).* in [0-9.]+s' "$log" | tail -n 1)"
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        line="round $i: passed in ${seconds}s: ${summary:-no summary}"
    else
        line="round $i: FAILED (exit status $status) in ${seconds}s: ${summary:-no summary}"
        grep -E '^(FAILED|ERROR) ' "$log" | head -n 20 | sed 's/^/    /'
    fi
    echo "stress: $line"
    results+=("$line")
done

echo "stress: $passed of $rounds rounds passed"
for line in "${results[@]}"; do
    echo "    $line"
done
[ "$passed" -eq "$rounds" ]
