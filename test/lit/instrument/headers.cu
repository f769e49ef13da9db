// Only the main file is rewritten: a launch written in a user header is
// reported, a launch macro from a header is wrapped where the main file uses
// it, and launches in system headers are not mentioned at all.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda -I%S/../Inputs/instrument \
// RUN:   -isystem %S/../Inputs/instrument/system 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %headroom instrument %s --list-sites -- %fakecuda \
// RUN:   -I%S/../Inputs/instrument -isystem %S/../Inputs/instrument/system \
// RUN:   2> /dev/null | FileCheck %s --check-prefix=SITES

#include "launches.h"
#include <system_launches.h>

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][1] = {

void host(int *p) {
  launchInHeader(p);
  systemLaunch(p);
  // SITES: headers.cu:[[@LINE+2]]:3: fromHeader -> {{.*}}launches.h:6:17 (definition), instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), LAUNCH_FROM_HEADER(p), headroom_launch_end(&[[T]][0]));{{$}}
  LAUNCH_FROM_HEADER(p);
}
// SITES-NEXT: launches.h:10:38: fromHeader -> {{.*}}launches.h:6:17 (definition), not instrumented: the launch is in an included file; only the main file is rewritten (see the header filter in docs/instrument.md){{$}}
// SITES-NOT: {{.}}
// WARN: launches.h:10:38: warning: launch of 'fromHeader' is not instrumented: the launch is in an included file; only the main file is rewritten (see the header filter in docs/instrument.md) [headroom-instrument]
// WARN-NOT: warning
