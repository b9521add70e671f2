#ifndef TRELLIS_CLINUX_H
#define TRELLIS_CLINUX_H
/* Thin shim over the Linux calls Glibc's Swift module does not import (epoll, eventfd,
   accept4, sched_getaffinity, prctl, mallinfo2). The compiler checks `struct epoll_event` (packed on x86-64) here, so Swift
   never computes its layout by hand. */
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <malloc.h>

/* accept4 is declared by <sys/socket.h> only under _GNU_SOURCE. */
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

/* sched_getaffinity is declared by <sched.h> only under _GNU_SOURCE. */
extern int sched_getaffinity(int pid, size_t size, void *mask);

/* The number of CPUs in this thread's affinity mask (up to 1024), or -1. */
static inline int clinux_affinity_cpu_count(void) {
    unsigned long mask[1024 / (8 * sizeof(unsigned long))] = {0};
    if (sched_getaffinity(0, sizeof(mask), mask) != 0) return -1;
    int count = 0;
    for (unsigned i = 0; i < sizeof(mask) / sizeof(mask[0]); i++) count += __builtin_popcountl(mask[i]);
    return count;
}

static const uint32_t clinux_EPOLLIN = EPOLLIN;
static const uint32_t clinux_EPOLLOUT = EPOLLOUT;
static const uint32_t clinux_EPOLLERR = EPOLLERR;
static const uint32_t clinux_EPOLLHUP = EPOLLHUP;
static const uint32_t clinux_EPOLLRDHUP = EPOLLRDHUP;
static const int clinux_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int clinux_EPOLL_CTL_MOD = EPOLL_CTL_MOD;
static const int clinux_EPOLL_CTL_DEL = EPOLL_CTL_DEL;

/* Names the calling thread (PR_SET_NAME: as ps and /proc/PID/task/TID/comm show it,
   at most 15 bytes, longer names are cut). */
static inline int clinux_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}

/* epoll_create1 with EPOLL_CLOEXEC. */
static inline int clinux_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

/* epoll_ctl for `fd` with the interest `events` and the 64-bit `token` as its data. */
static inline int clinux_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event = { .events = events, .data = { .u64 = token } };
    return epoll_ctl(epfd, op, fd, &event);
}

/* epoll_wait into `events` (an array of `capacity`). */
static inline int clinux_epoll_wait(int epfd, struct epoll_event *events, int capacity, int timeout) {
    return epoll_wait(epfd, events, capacity, timeout);
}

/* The ready mask of events[index]. */
static inline uint32_t clinux_epoll_event_mask(const struct epoll_event *events, int index) {
    return events[index].events;
}

/* The token of events[index]. */
static inline uint64_t clinux_epoll_event_token(const struct epoll_event *events, int index) {
    return events[index].data.u64;
}

/* A non-blocking, close-on-exec eventfd starting at 0. */
static inline int clinux_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

/* accept4 of a non-blocking, close-on-exec client socket; the peer's address is not kept. */
static inline int clinux_accept(int fd) {
    return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/* Bytes of heap in use: glibc's mallinfo2 uordblks (every chunk allocated from the arenas,
   headers included) plus hblkhd (large blocks served by mmap): what memory tests compare a
   cache's charged cost against. */
static inline size_t clinux_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

#endif
