package io.snowflakeid.it;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * What the multi-process tests share: a database the child JVMs can reach, and the children themselves, killed
 * after each test whatever happened. They run beside the other integration tests (their mp_* tables are theirs
 * alone: junit-platform.properties), one class at a time: two of them at once would start up to twenty JVMs on the
 * CI's two cores, where their timing-bound checks failed.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("multi-process-tests")
abstract class MultiProcessTestSupport {

	private final List<ChildJvm> children = new ArrayList<>();

	protected ProcessSharedDatabase shared;

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@AfterEach
	void stopEverything() {
		this.children.forEach((child) -> child.process.destroyForcibly());
		if (this.shared != null) {
			this.shared.close();
		}
	}

	/** Starts {@code mainClass} on the shared database; output lines starting with a failure prefix fail the test. */
	protected ChildJvm startChild(Class<?> mainClass, List<String> failurePrefixes, String... arguments)
			throws Exception {
		ChildJvm child = start(mainClass, this.shared.url, failurePrefixes, arguments);
		this.children.add(child);
		return child;
	}

	/** As {@link #startChild}, connecting through {@code url} (a proxy in front of the shared database). */
	protected ChildJvm startChildAt(String url, Class<?> mainClass, List<String> failurePrefixes, String... arguments)
			throws Exception {
		ChildJvm child = start(mainClass, url, failurePrefixes, arguments);
		this.children.add(child);
		return child;
	}

	/** A child given the database's url, user, password (if any), then {@code arguments}. */
	private ChildJvm start(Class<?> mainClass, String url, List<String> failurePrefixes, String... arguments)
			throws Exception {
		List<String> all = new ArrayList<>(List.of(url, this.shared.database.username()));
		if (!this.shared.database.password().isEmpty()) {
			all.add(this.shared.database.password());
		}
		all.addAll(List.of(arguments));
		return ChildJvm.start(mainClass, failurePrefixes, all.toArray(String[]::new));
	}

	/** Every child started so far. */
	protected List<ChildJvm> children() {
		return List.copyOf(this.children);
	}
}
