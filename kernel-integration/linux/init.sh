#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest's /init (scripts/linux-test puts it in the initramfs with a static busybox
# and the modules): loads the modules, suspends to RAM (S3) with the RTC alarm set to
# wake it, steps the wall clock back a day and forward again, telling the checks module
# before and after each (/proc/typed_clocks), then unloads them and powers off. Without
# the modules (the pristine boot) it does the same suspend and steps, telling no one.
#
# Its own steps report in KTAP, as the modules' checks do: one suite, `init`, one test
# per step, on the kernel's log with the prefix `init: ` (scripts/ktap-verdict.py).
mount -t proc proc /proc
mount -t sysfs sysfs /sys
# The lines go through the kernel's log (/dev/kmsg), not straight to the console:
# printk serializes them with the kernel's own lines, which a plain echo races with
# ("init: resumed fr[ 2.355940] PM: suspend exit" once).
say() { echo "init: $*" > /dev/kmsg; }
n=0
failed=0
# step NAME COMMAND...: runs COMMAND, one KTAP test named NAME.
step() {
    name=$1
    shift
    n=$((n + 1))
    if "$@"; then
        say "    ok $n $name"
    else
        failed=1
        say "    not ok $n $name"
    fi
}
say "KTAP version 1"
say "1..1"
say "    KTAP version 1"
say "    # Subtest: init"
# Everything /init starts, the module's init and commands included, runs on CPU0: the
# CPU that updates jiffies in this HZ_PERIODIC kernel (the reader kthreads cover both
# CPUs). From CPU1, a jiffies-based sleep started while the host had CPU0's vCPU
# descheduled starts from stale jiffies (the kernel catches up only after 5 ticks,
# MAX_STALLED_JIFFIES) and ends early by ktime: msleep(20) measured 18.2 ms once.
step "on CPU0" taskset -p 1 $$
online=$(cat /sys/devices/system/cpu/online)
say "    # CPUs online: $online"
step "two CPUs online" test "$online" = 0-1
modules=0
[ -e /typed_clocks.ko ] && modules=1
tell() {
    [ "$modules" = 1 ] || return 0
    step "/proc/typed_clocks $1" sh -c "echo '$1' > /proc/typed_clocks"
}
if [ "$modules" = 1 ]; then
    step "insmod typed_clocks" insmod /typed_clocks.ko
    step "insmod sample_driver" insmod /sample_driver.ko
fi
sleep_states=$(cat /sys/power/mem_sleep)
say "    # mem_sleep: $sleep_states"
step "S3 (deep) is the suspend to RAM" sh -c 'grep -q "\[deep\]" /sys/power/mem_sleep'
tell suspend-arm
echo 0 > /sys/class/rtc/rtc0/wakealarm
step "RTC wake alarm in 4 s" sh -c 'echo +4 > /sys/class/rtc/rtc0/wakealarm'
step "suspend to RAM and resume" sh -c 'echo mem > /sys/power/state'
tell suspend-check
now=$(date +%s)
tell step-arm
step "wall clock a day back" date -s "@$((now - 86400))"
tell "step-back $((now - 86400))"
step "wall clock forward again" date -s "@$((now + 8))"
tell "step-forward $((now + 8))"
if [ "$modules" = 1 ]; then
    step "rmmod typed_clocks" rmmod typed_clocks
    step "rmmod sample_driver" rmmod sample_driver
fi
if [ "$failed" = 0 ]; then say "ok 1 init"; else say "not ok 1 init"; fi
reboot -f
