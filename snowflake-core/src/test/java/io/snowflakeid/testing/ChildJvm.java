package io.snowflakeid.testing;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A separate JVM on the test class path running a test main class, its stdout read line by line, for the
 * multi-process tests (of the database lease in integration-tests, of the coordination modules in theirs). Lines
 * starting with any of the failure prefixes fail the test.
 */
public final class ChildJvm {

	/** What {@link #expect} reads once the child's output ended: the child exited (with its exit code). */
	static final String EXITED = "CHILD EXITED with code ";

	/** How long {@link #expect} waits for a child's next line. */
	static final long LINE_TIMEOUT_SECONDS = 180;

	public final Process process;

	private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

	private final List<String> failurePrefixes;

	private ChildJvm(Process process, List<String> failurePrefixes) {
		this.process = process;
		this.failurePrefixes = failurePrefixes;
		Thread reader = new Thread(() -> {
			try (BufferedReader out = new BufferedReader(
					new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
				String line;
				while ((line = out.readLine()) != null) {
					this.lines.add(line);
				}
				// the child is gone (or closed its output): say so at once rather than let expect() wait it out
				this.lines.add(EXITED + (process.waitFor(10, TimeUnit.SECONDS) ? process.exitValue() : "?")
						+ " (its stack trace, if any, is in the test's output above)");
			}
			catch (Exception ex) {
				this.lines.add("READ-ERROR " + ex);
			}
		});
		reader.setDaemon(true);
		reader.start();
	}

	/** Starts {@code mainClass} with {@code arguments}, on this JVM's class path, logging where this JVM logs. */
	public static ChildJvm start(Class<?> mainClass, List<String> failurePrefixes, String... arguments)
			throws Exception {
		String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
		List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
		String logging = System.getProperty("java.util.logging.config.file");
		if (logging != null) {
			command.add("-Djava.util.logging.config.file=" + logging); // its log into the file, as the test JVM's
		}
		command.add(mainClass.getName());
		command.addAll(List.of(arguments));
		return new ChildJvm(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start(),
				failurePrefixes);
	}

	/**
	 * The next line starting with {@code prefix} (within {@link #LINE_TIMEOUT_SECONDS}). A guard against a child that
	 * hangs, not a measure: on a 2-core CI machine with the side lane's database tests beside it, four children
	 * inserting 1,500 rows each with a commit (an fsync) per row on MariaDB took more than 60 s to their first line
	 * (2026-12-06, twice; 14 s alone).
	 */
	public String expect(String prefix) throws InterruptedException {
		for (;;) {
			String line = this.lines.poll(LINE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
			assertThat(line).as("child output before timeout (waiting for %s)", prefix).isNotNull();
			assertThat(line).as("the child's output while waiting for %s", prefix).doesNotStartWith(EXITED);
			if (line.startsWith(prefix)) {
				return line;
			}
			for (String failure : this.failurePrefixes) {
				assertThat(line).as("unexpected child output").doesNotStartWith(failure);
			}
		}
	}

	/** Sends {@code command} and returns the first line starting with {@code reply}. */
	public String send(String command, String reply) throws Exception {
		sendOnly(command);
		return expect(reply);
	}

	/** Sends {@code command} without waiting for an answer. */
	public void sendOnly(String command) throws Exception {
		Writer in = new OutputStreamWriter(this.process.getOutputStream(), StandardCharsets.UTF_8);
		in.write(command + "\n");
		in.flush();
	}

	/** Sends {@code command}, waits for {@code reply}, then for a clean exit. */
	public void finish(String command, String reply) throws Exception {
		send(command, reply);
		assertThat(this.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
		assertThat(this.process.exitValue()).isZero();
	}

	public void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(30, TimeUnit.SECONDS);
	}
}
