// What the decoder helpers and the app need from Linux that Swift cannot import: memfd
// and its seals (declared by glibc only under _GNU_SOURCE), prctl (variadic), and
// passing a file descriptor over a Unix socket (the CMSG_* macros).
#ifndef CDECODERIPC_SHIM_H
#define CDECODERIPC_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 0x0001U
#endif
#ifndef MFD_ALLOW_SEALING
#define MFD_ALLOW_SEALING 0x0002U
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#endif
#ifndef F_GET_SEALS
#define F_GET_SEALS 1034
#endif
#ifndef F_SEAL_SEAL
#define F_SEAL_SEAL 0x0001
#endif
#ifndef F_SEAL_SHRINK
#define F_SEAL_SHRINK 0x0002
#endif
#ifndef F_SEAL_GROW
#define F_SEAL_GROW 0x0004
#endif
#ifndef F_SEAL_WRITE
#define F_SEAL_WRITE 0x0008
#endif

/// The seals a pixel buffer carries once written: nobody can write, shrink or grow it
/// again, nor change its seals.
static const int cipc_pixel_seals = F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;

/// A new anonymous, sealable, close-on-exec memory file; -1 with errno on failure.
static inline int cipc_memfd_create(const char *name) {
  return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

/// Seals `fd` against writing, shrinking and growing; 0 on success.
static inline int cipc_seal(int fd) { return fcntl(fd, F_ADD_SEALS, cipc_pixel_seals); }

/// Whether `fd` carries every seal of `cipc_seal` (so its size and pixels cannot change
/// under a mapping).
static inline int cipc_is_sealed(int fd) {
  int seals = fcntl(fd, F_GET_SEALS);
  return seals >= 0 && (seals & cipc_pixel_seals) == cipc_pixel_seals;
}

/// Asks the kernel to send `signal` to this process when its parent (the thread that
/// spawned it) ends; 0 on success.
static inline int cipc_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0);
}

// glibc 2.34+, declared only under _GNU_SOURCE.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);

/// Makes a spawn close every descriptor from `from` up (after its other file actions),
/// so a helper holds none of the app's files, whatever their close-on-exec flag.
static inline int cipc_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
  return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Sends `length` bytes and, if `fd` >= 0, the file descriptor with them (SCM_RIGHTS),
/// in one message; returns what sendmsg returns.
static inline ssize_t cipc_send(int socket, const void *bytes, size_t length, int fd) {
  struct iovec vector = {(void *)bytes, length};
  union {
    char buffer[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } control;
  struct msghdr message;
  memset(&message, 0, sizeof message);
  memset(&control, 0, sizeof control);
  message.msg_iov = &vector;
  message.msg_iovlen = 1;
  if (fd >= 0) {
    message.msg_control = control.buffer;
    message.msg_controllen = sizeof control.buffer;
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &fd, sizeof(int));
  }
  ssize_t sent;
  do {
    sent = sendmsg(socket, &message, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  return sent;
}

/// Receives one message of at most `capacity` bytes; a file descriptor sent with it is
/// stored in `*fd` (close-on-exec), else `*fd` is -1. Returns what recvmsg returns.
static inline ssize_t cipc_receive(int socket, void *bytes, size_t capacity, int *fd) {
  struct iovec vector = {bytes, capacity};
  union {
    char buffer[CMSG_SPACE(sizeof(int))];
    struct cmsghdr align;
  } control;
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &vector;
  message.msg_iovlen = 1;
  message.msg_control = control.buffer;
  message.msg_controllen = sizeof control.buffer;
  *fd = -1;
  ssize_t received;
  do {
    received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
  } while (received < 0 && errno == EINTR);
  if (received < 0) return received;
  for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL;
       header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS &&
        header->cmsg_len >= CMSG_LEN(sizeof(int))) {
      int received_fd;
      memcpy(&received_fd, CMSG_DATA(header), sizeof(int));
      if (*fd < 0) *fd = received_fd; else close(received_fd);
    }
  }
  return received;
}

// The calling thread's nice value (Linux keeps one per thread: PRIO_PROCESS with the
// thread's id), or 0 when it cannot be read.
static inline int cipc_thread_niceness(void) {
  errno = 0;
  int nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
  return (nice == -1 && errno != 0) ? 0 : nice;
}

// Sets process `pid`'s nice value; raising it (lower priority) needs no privilege.
// Returns 0, or -1 with errno set.
static inline int cipc_set_niceness(pid_t pid, int nice) {
  return setpriority(PRIO_PROCESS, (id_t)pid, nice);
}

#endif
