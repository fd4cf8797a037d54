// SPDX-License-Identifier: GPL-2.0
/*
 * The C side of the checks across suspend, wall-clock steps and two CPUs: see
 * harness.h. Kept in C because Linux 7.3's kernel crate has no abstraction
 * for procfs, kthreads or the RTC class; the checks themselves are in Rust.
 */

#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/freezer.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/rtc.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/uaccess.h>

#include "harness.h"

/* --- /proc/typed_clocks: one command per write, handled one at a time. --- */

static DEFINE_MUTEX(typed_clocks_phase_lock);
static struct proc_dir_entry *typed_clocks_proc;

static ssize_t typed_clocks_proc_write(struct file *file, const char __user *ubuf,
				       size_t count, loff_t *ppos)
{
	char buf[64];
	size_t len = min(count, sizeof(buf) - 1);
	int ret;

	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		len--;
	buf[len] = '\0';
	mutex_lock(&typed_clocks_phase_lock);
	ret = typed_clocks_phase(buf, len);
	mutex_unlock(&typed_clocks_phase_lock);
	return ret ? ret : count;
}

static const struct proc_ops typed_clocks_proc_ops = {
	.proc_write = typed_clocks_proc_write,
};

int typed_clocks_proc_create(void)
{
	typed_clocks_proc = proc_create("typed_clocks", 0200, NULL, &typed_clocks_proc_ops);
	return typed_clocks_proc ? 0 : -ENOMEM;
}

/* Waits for a write in progress: no command runs once this returns. */
void typed_clocks_proc_remove(void)
{
	proc_remove(typed_clocks_proc);
	typed_clocks_proc = NULL;
}

/* --- Reader kthreads, one per CPU, freezable (parked by the suspend freezer). --- */

#define TYPED_CLOCKS_READERS 2
static struct task_struct *typed_clocks_readers[TYPED_CLOCKS_READERS];

static int typed_clocks_reader(void *data)
{
	unsigned int reader = (unsigned int)(uintptr_t)data;
	unsigned long rounds = 0;

	set_freezable();
	while (!kthread_should_stop()) {
		/*
		 * Suspend takes CPU1 offline and the scheduler moves this thread
		 * to CPU0; move it back when its CPU is online again.
		 */
		if (raw_smp_processor_id() != reader && cpu_online(reader))
			set_cpus_allowed_ptr(current, cpumask_of(reader));
		typed_clocks_reader_round(reader);
		if (++rounds % 16 == 0)
			usleep_range(100, 200);
		else
			cond_resched();
		try_to_freeze();
	}
	return 0;
}

int typed_clocks_readers_start(void)
{
	unsigned int cpu;
	int started = 0;

	for_each_online_cpu(cpu) {
		struct task_struct *t;

		if (cpu >= TYPED_CLOCKS_READERS)
			break;
		t = kthread_create(typed_clocks_reader, (void *)(uintptr_t)cpu,
				   "typed_clocks/%u", cpu);
		if (IS_ERR(t))
			break;
		set_cpus_allowed_ptr(t, cpumask_of(cpu));
		typed_clocks_readers[cpu] = t;
		started++;
	}
	for (cpu = 0; cpu < TYPED_CLOCKS_READERS; cpu++)
		if (typed_clocks_readers[cpu])
			wake_up_process(typed_clocks_readers[cpu]);
	return started;
}

void typed_clocks_readers_stop(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < TYPED_CLOCKS_READERS; cpu++) {
		if (typed_clocks_readers[cpu])
			kthread_stop(typed_clocks_readers[cpu]);
		typed_clocks_readers[cpu] = NULL;
	}
}

unsigned int typed_clocks_cpu(void)
{
	return raw_smp_processor_id();
}

/* --- The RTC and the tick. --- */

long long typed_clocks_rtc_seconds(void)
{
	struct rtc_device *rtc = rtc_class_open("rtc0");
	struct rtc_time tm;
	long long seconds;

	if (!rtc)
		return -ENODEV;
	seconds = rtc_read_time(rtc, &tm);
	if (!seconds)
		seconds = rtc_tm_to_time64(&tm);
	rtc_class_close(rtc);
	return seconds;
}

long long typed_clocks_tick_nsec(void)
{
	return TICK_NSEC;
}

unsigned int typed_clocks_jiffies_to_usecs(unsigned long jiffies)
{
	return jiffies_to_usecs(jiffies);
}
