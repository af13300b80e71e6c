// The decoder helper's seccomp filter, built with libseccomp: what decoding an image needs
// is allowed, the rest refused. Only the helper executable links this (and libseccomp).
#ifndef CDECODERSANDBOX_SHIM_H
#define CDECODERSANDBOX_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

// <sched.h> names it only under _GNU_SOURCE; the value is the kernel's ABI.
#ifndef CLONE_THREAD
#define CLONE_THREAD 0x00010000
#endif

/// Adds a rule for the syscall named `name` (with up to one condition, `count` 0 or 1);
/// a name this architecture lacks (`open` on aarch64) is skipped. 0 on success.
static inline int cdecoder_sandbox_rule(scmp_filter_ctx filter, uint32_t action,
                                        const char *name, unsigned count,
                                        struct scmp_arg_cmp condition) {
  int number = seccomp_syscall_resolve_name(name);
  if (number == __NR_SCMP_ERROR) return 0;
  return count == 0 ? seccomp_rule_add(filter, action, number, 0)
                    : seccomp_rule_add(filter, action, number, 1, condition);
}

/// Installs the helper's seccomp filter on every thread of the process (with
/// no_new_privs, so nothing it runs later gains privileges). `self` is the helper's own
/// process id: signals may only go to it. Returns 0, or a negative errno when the kernel
/// or libseccomp refused (the caller then runs without the filter and says so).
///
/// Allowed: reading files (opened read-only), mapping memory (a lazily loaded loader
/// module maps code), making and sealing memory files, the socket the helper was given,
/// threads (librsvg renders filters on a thread pool), time, signals to itself, its own
/// processor-time limit, exit. Refused with an error the libraries handle: opening a file
/// for writing, creating or truncating one (EACCES: fontconfig tries to write its
/// cache), making a socket (EACCES: no network, no D-Bus), ioctl (ENOTTY), every other
/// call (EPERM: renaming, deleting, making folders, changing other limits…). Refused by
/// ending the helper with SIGSYS, since no decoder ever does them: running a program,
/// starting a process, reaching into another one.
static inline int cdecoder_sandbox_apply(pid_t self) {
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
  if (filter == NULL) return -ENOMEM;
  int status = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
  const struct scmp_arg_cmp none = SCMP_A0(SCMP_CMP_EQ, 0);
  static const char *const allowed[] = {
      // Files, read; memory files, made and sealed.
      "read", "readv", "pread64", "preadv", "preadv2", "write", "writev", "pwrite64",
      "lseek", "close", "fstat", "newfstatat", "stat", "lstat", "statx", "fstatfs",
      "statfs", "readlink", "readlinkat", "access", "faccessat", "faccessat2", "getdents64",
      "getcwd", "fcntl", "dup", "dup2", "dup3", "ftruncate", "fallocate", "memfd_create",
      "flock", "fadvise64",
      // Memory.
      "mmap", "munmap", "mremap", "mprotect", "madvise", "brk", "membarrier",
      // The socket to the app, and waiting.
      "recvmsg", "sendmsg", "recvfrom", "sendto", "poll", "ppoll", "select", "pselect6",
      "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait", "eventfd2", "pipe2",
      "shutdown",
      // Threads and their synchronization.
      "futex", "set_robust_list", "get_robust_list", "rseq", "set_tid_address",
      "sched_yield", "sched_getaffinity", "sched_getparam", "sched_getscheduler",
      "getcpu", "arch_prctl",
      // Time, identity, randomness, usage.
      "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep", "gettimeofday",
      "time", "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid",
      "getresuid", "getresgid", "getgroups", "getrandom", "uname", "sysinfo", "getrusage",
      "getrlimit", "getpriority", "umask",
      // Signals, and ending.
      "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack", "restart_syscall",
      "exit", "exit_group",
  };
  for (size_t index = 0; status == 0 && index < sizeof allowed / sizeof *allowed; index++)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, allowed[index], 0, none);

  // Opening: read-only only. The flags are openat's third argument, open's second.
  const scmp_datum_t writes = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
  static const scmp_datum_t writeFlags[] = {O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND};
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "openat", 1,
                                   SCMP_A2(SCMP_CMP_MASKED_EQ, writes, 0));
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "open", 1,
                                   SCMP_A1(SCMP_CMP_MASKED_EQ, writes, 0));
  for (size_t index = 0; status == 0 && index < 5; index++) {
    scmp_datum_t flag = writeFlags[index];
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(EACCES), "openat", 1,
                                   SCMP_A2(SCMP_CMP_MASKED_EQ, flag, flag));
    if (status == 0)
      status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(EACCES), "open", 1,
                                     SCMP_A1(SCMP_CMP_MASKED_EQ, flag, flag));
  }
  if (status == 0) status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(EACCES), "creat", 0, none);
  // openat2 takes its flags in a structure a filter cannot read: glibc falls back.
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(ENOSYS), "openat2", 0, none);

  // Threads, never processes. clone3 passes its flags in a structure: refused as
  // unknown, glibc falls back to clone.
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "clone", 1,
                                   SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_KILL_PROCESS, "clone", 1,
                                   SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(ENOSYS), "clone3", 0, none);
  static const char *const fatal[] = {"execve", "execveat", "fork", "vfork", "ptrace",
                                      "process_vm_readv", "process_vm_writev"};
  for (size_t index = 0; status == 0 && index < sizeof fatal / sizeof *fatal; index++)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_KILL_PROCESS, fatal[index], 0, none);

  // No sockets of any kind: the helper has the one it needs.
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(EACCES), "socket", 0, none);
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(EACCES), "socketpair", 0, none);
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ERRNO(ENOTTY), "ioctl", 0, none);

  // Signals to itself only (abort and raise send them to their own thread).
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "tgkill", 1,
                                   SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "kill", 1,
                                   SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
  // Limits may be read; of those set, only its own processor time for the next request
  // (the address space stays as the app set it; another process's limits stay theirs).
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "prlimit64", 1,
                                   SCMP_A2(SCMP_CMP_EQ, 0));
  if (status == 0)
    status = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2,
                              SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_EQ, RLIMIT_CPU));
  // Naming threads (librsvg's pool does), nothing else of prctl.
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "prctl", 1,
                                   SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
  if (status == 0)
    status = cdecoder_sandbox_rule(filter, SCMP_ACT_ALLOW, "prctl", 1,
                                   SCMP_A0(SCMP_CMP_EQ, PR_GET_NAME));

  if (status == 0) status = seccomp_load(filter);
  seccomp_release(filter);
  return status;
}

#endif
