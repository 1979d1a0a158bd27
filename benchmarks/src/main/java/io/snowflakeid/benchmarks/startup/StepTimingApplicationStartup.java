package io.snowflakeid.benchmarks.startup;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.springframework.core.metrics.ApplicationStartup;
import org.springframework.core.metrics.StartupStep;

/**
 * Spring's start-up steps (bean creation, configuration parsing, ...) timed in wall and in the thread's CPU time, so
 * that the time of a cold start can be attributed to the beans that spent it: the CPU time of one bean is steady
 * where the wall time of a whole cold start is not. Each step's self time excludes its nested steps (a bean created
 * while another is, as its dependency, counts for itself).
 */
final class StepTimingApplicationStartup implements ApplicationStartup {

	/** One finished step: its own time, nested steps excluded. */
	record Step(String name, Map<String, String> tags, long selfWallNanos, long selfCpuNanos) {

		String tag(String key) {
			return this.tags.get(key);
		}
	}

	private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

	private final List<Step> finished = Collections.synchronizedList(new ArrayList<>());

	private final ThreadLocal<Deque<Timed>> open = ThreadLocal.withInitial(ArrayDeque::new);

	private final AtomicLong ids = new AtomicLong();

	@Override
	public StartupStep start(String name) {
		Timed step = new Timed(name, this.ids.incrementAndGet(), this.open.get().peek());
		this.open.get().push(step);
		return step;
	}

	List<Step> steps() {
		synchronized (this.finished) {
			return new ArrayList<>(this.finished);
		}
	}

	private final class Timed implements StartupStep {

		private final String name;

		private final long id;

		private final Timed parent;

		private final Map<String, String> tags = new LinkedHashMap<>();

		private final Thread thread = Thread.currentThread();

		private final long wallStart = System.nanoTime();

		private final long cpuStart = THREADS.getCurrentThreadCpuTime();

		private long childWall;

		private long childCpu;

		Timed(String name, long id, Timed parent) {
			this.name = name;
			this.id = id;
			this.parent = parent;
		}

		@Override
		public String getName() {
			return this.name;
		}

		@Override
		public long getId() {
			return this.id;
		}

		@Override
		public Long getParentId() {
			return (this.parent != null) ? this.parent.id : null;
		}

		@Override
		public StartupStep tag(String key, String value) {
			this.tags.put(key, value);
			return this;
		}

		@Override
		public StartupStep tag(String key, Supplier<String> value) {
			return tag(key, value.get());
		}

		@Override
		public Tags getTags() {
			List<Tag> tags = new ArrayList<>();
			this.tags.forEach((key, value) -> tags.add(new Tag() {
				@Override
				public String getKey() {
					return key;
				}

				@Override
				public String getValue() {
					return value;
				}
			}));
			return () -> {
				Iterator<Tag> iterator = tags.iterator();
				return iterator;
			};
		}

		@Override
		public void end() {
			if (Thread.currentThread() != this.thread) {
				return; // ended elsewhere: its CPU time is not this thread's, leave it out
			}
			long wall = System.nanoTime() - this.wallStart;
			long cpu = THREADS.getCurrentThreadCpuTime() - this.cpuStart;
			Deque<Timed> stack = StepTimingApplicationStartup.this.open.get();
			stack.remove(this);
			if (this.parent != null) {
				this.parent.childWall += wall;
				this.parent.childCpu += cpu;
			}
			StepTimingApplicationStartup.this.finished
				.add(new Step(this.name, Map.copyOf(this.tags), wall - this.childWall, cpu - this.childCpu));
		}
	}
}
