package io.snowflakeid.quarkus.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One instance of the packaged application ({@code quarkus-run.jar}) in a JVM of its own, on a shared database; its
 * output is kept to wait for lines and to show when a test fails.
 */
final class QuarkusProcess implements AutoCloseable {

	private static final Pattern READY = Pattern.compile("IT-READY instance=(\\S+) datacenter=(\\d+) worker=(\\d+)");

	final String name;

	final Process process;

	private final List<String> lines = new ArrayList<>();

	/** Whether the whole output was read (the process ended and its pipe was drained). */
	private boolean ended;

	private QuarkusProcess(String name, Process process) {
		this.name = name;
		this.process = process;
		Thread reader = new Thread(this::read, "output of " + name);
		reader.setDaemon(true);
		reader.start();
	}

	static QuarkusProcess start(String name, String databaseUrl) throws IOException {
		String app = System.getProperty("snowflake.quarkus.app");
		if (app == null || !Path.of(app).toFile().isFile()) {
			throw new IllegalStateException("The packaged application is missing (" + app + "): run the tests with "
					+ "Maven's failsafe plugin after the package phase (mvn verify)");
		}
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process process = new ProcessBuilder(java, "-Dquarkus.datasource.jdbc.url=" + databaseUrl,
				"-Dit.instance=" + name, "-jar", app)
			.redirectErrorStream(true)
			.start();
		return new QuarkusProcess(name, process);
	}

	private void read() {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				synchronized (this.lines) {
					this.lines.add(line);
					this.lines.notifyAll();
				}
			}
		}
		catch (IOException ex) {
			// the process ended
		}
		finally {
			synchronized (this.lines) {
				this.ended = true;
				this.lines.notifyAll();
			}
		}
	}

	/** The worker id the instance issues its ids with, once it inserted its orders. */
	int awaitReady() throws InterruptedException {
		return Integer.parseInt(awaitLine(READY).group(3));
	}

	/**
	 * The first line matching {@code pattern}, waited for at most three minutes (CI runs this build niced beside
	 * another, so a start can take long); the output when it does not come.
	 */
	Matcher awaitLine(Pattern pattern) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
		int seen = 0;
		synchronized (this.lines) {
			while (true) {
				for (; seen < this.lines.size(); seen++) {
					Matcher matcher = pattern.matcher(this.lines.get(seen));
					if (matcher.find()) {
						return matcher;
					}
				}
				long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
				if (left <= 0 || (this.ended && seen == this.lines.size())) {
					throw new AssertionError(this.name + ": no line matching " + pattern + " (alive: "
							+ this.process.isAlive() + "); its output:\n" + output());
				}
				this.lines.wait(Math.min(left, 200));
			}
		}
	}

	String output() {
		synchronized (this.lines) {
			return String.join("\n", this.lines);
		}
	}

	/** A graceful stop (SIGTERM: Quarkus' shutdown runs); its exit code. */
	int stop() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(90, TimeUnit.SECONDS)) {
			throw new AssertionError(this.name + " did not stop within 90 s; its output:\n" + output());
		}
		return this.process.exitValue();
	}

	/** A crash: SIGKILL, no shutdown of any kind. */
	void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(30, TimeUnit.SECONDS);
	}

	@Override
	public void close() {
		this.process.destroyForcibly();
	}
}
