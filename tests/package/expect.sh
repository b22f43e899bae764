#!/usr/bin/env bash
# expect.sh CODE TEXT COMMAND...: runs COMMAND (no shell in between) and passes if it exits with CODE and its
# stderr contains TEXT.
set -uo pipefail
code=$1 text=$2
shift 2
err=$("$@" 2>&1 >/dev/null)
got=$?
if [[ $got -ne $code ]]; then echo "exit code $got, expected $code; stderr: $err"; exit 1; fi
if [[ $err != *"$text"* ]]; then echo "stderr lacks '$text': $err"; exit 1; fi
echo "exit code $code: $err"
