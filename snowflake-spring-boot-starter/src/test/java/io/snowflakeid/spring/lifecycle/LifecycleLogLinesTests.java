package io.snowflakeid.spring.lifecycle;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.logging.Logging;
import io.snowflakeid.spring.CapturedLogs;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lease's lifecycle lines reach the application's logging in a real Spring Boot application, also the release
 * written while the context closes, after Spring Boot has removed its java.util.logging bridge: the README tells
 * Kubernetes users to look for that line.
 */
class LifecycleLogLinesTests {

	@Test
	void theReleaseLineReachesTheApplicationsLoggingWhenTheApplicationExits() {
		Logging.resetRoute(); // as in a fresh JVM: the starter itself must install the route
		ConfigurableApplicationContext context = new SpringApplicationBuilder(LeasingApplication.class)
			.web(WebApplicationType.NONE)
			.run("--spring.datasource.url=jdbc:h2:mem:lifecycle-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
					"--snowflake.lease.duration=5s", "--spring.jpa.hibernate.ddl-auto=none",
					"--spring.config.name=no-application-properties"); // the test class path has static ids
		// After the application's logging system has configured Logback (which drops appenders added earlier).
		try (CapturedLogs logs = CapturedLogs.start()) {
			assertThat(context.getBean(SnowflakeIdGenerator.class).nextId()).isPositive();
			assertThat(SpringApplication.exit(context)).isZero();
			assertThat(logs.text()).contains("INFO Released snowflake worker (datacenter ");
		}
	}

	@Test
	void theReleaseLineReachesTheApplicationsLoggingWhenTheProcessGetsSigterm() throws Exception {
		String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
		Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				LeasingApplication.class.getName(), "jdbc:h2:mem:sigterm-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1")
			.redirectErrorStream(true)
			.start();
		List<String> output = new java.util.concurrent.CopyOnWriteArrayList<>();
		CountDownLatch started = new CountDownLatch(1);
		Thread reader = new Thread(() -> {
			try (BufferedReader in = new BufferedReader(
					new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
				for (String line = in.readLine(); line != null; line = in.readLine()) {
					output.add(line);
					if (line.startsWith("STARTED")) {
						started.countDown();
					}
				}
			}
			catch (IOException ex) {
				output.add("READ-ERROR " + ex);
			}
		});
		reader.start();
		try {
			assertThat(started.await(90, TimeUnit.SECONDS)).as("child started: %s", output).isTrue();
			// SIGTERM (through the handle: Process.destroy() would also close the output still to be read). Spring
			// Boot's shutdown hook closes the context; the JDK's own resets java.util.logging meanwhile.
			child.toHandle().destroy();
			assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
			reader.join(10_000);
			assertThat(String.join("\n", output)).contains("INFO io.snowflakeid.worker.WorkerLease - Released snowflake worker");
		}
		finally {
			child.destroyForcibly();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class LeasingApplication {

		/** The child of the SIGTERM test: a leasing application that waits to be stopped. */
		public static void main(String[] args) throws Exception {
			ConfigurableApplicationContext context = new SpringApplicationBuilder(LeasingApplication.class)
				.web(WebApplicationType.NONE)
				.run("--spring.datasource.url=" + args[0], "--snowflake.lease.duration=5s",
						"--spring.jpa.hibernate.ddl-auto=none", "--spring.config.name=no-application-properties",
						"--logging.config=classpath:lifecycle-console-logback.xml");
			System.out.println("STARTED " + context.getBean(SnowflakeIdGenerator.class).nextId());
			Thread.sleep(Long.MAX_VALUE);
		}
	}
}
