#!/usr/bin/env bash
# Fails when a commit after the base below has a subject longer than 72
# characters, naming each such commit (docs/contributing.md, after LLVM's
# developer policy). The history up to the base stays as it is. Merge commits,
# whose subjects git writes, are not checked. Where the base cannot be
# reached (no git, a tarball, a shallow clone that stops after it), says so
# and exits 0. CI runs it through ctest (test/style).
set -euo pipefail
cd "$(dirname "$0")/.."
base=80523600e0f6b389be1a4e94220e857d27e63ab4
limit=72
# Count characters, not bytes.
export LC_ALL=C.UTF-8

say() { echo "check-commit-subjects: $*"; }

if ! command -v git >/dev/null; then
  say "git not found: nothing to check"
  exit 0
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  say "not a git work tree (or git refuses it): nothing to check"
  exit 0
fi
if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  shallow=""
  if [[ $(git rev-parse --is-shallow-repository 2>/dev/null) == true ]]; then
    shallow=" (a shallow clone)"
  fi
  say "base commit ${base:0:12} not in this repository$shallow: nothing to check"
  exit 0
fi
if ! git merge-base --is-ancestor "$base" HEAD; then
  say "HEAD does not descend from base commit ${base:0:12}: nothing to check"
  exit 0
fi

status=0
count=0
while IFS= read -r -d '' line; do
  commit=${line%% *}
  subject=${line#* }
  count=$((count + 1))
  if ((${#subject} > limit)); then
    say "commit ${commit:0:12}: subject is ${#subject} characters, more than $limit: $subject"
    status=1
  fi
done < <(git log --no-merges -z --format='%H %s' "$base..HEAD")

if ((status)); then
  say "a subject says what changed in at most $limit characters; the why goes in the body after a blank line (reword with git rebase -i)" >&2
else
  say "$count commit(s) after ${base:0:12}, each subject at most $limit characters"
fi
exit $status
