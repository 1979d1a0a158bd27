package io.snowflakeid.spring;

import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.Test;

import org.springframework.core.env.MutablePropertySources;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The claim of a worker id on its own thread: always released, never waited for forever. */
class WorkerClaimTests {

	@Test
	void aCloseInterruptedWhileTheClaimRunsReleasesTheLeaseWhenTheClaimEnds() throws Exception {
		String url = "jdbc:h2:mem:claim-interrupted-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		DataSource database = new DriverManagerDataSource(url, "sa", "");
		CountDownLatch go = new CountDownLatch(1);
		WorkerClaim claim = WorkerClaim.started(() -> {
			await(go);
			return SnowflakeGenerators.create(new SnowflakeProperties().toConfiguration(new MutablePropertySources()),
					ConnectionSource.of(database));
		});
		Thread.currentThread().interrupt(); // as Spring interrupts a start still waiting when the context is closed
		claim.destroy();
		assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
		go.countDown();
		ManagedGenerator managed = claim.join();
		// The release runs on the claim's thread: the lease turns invalid when closing begins, the row is handed
		// back a statement later, so wait for the row (the last step), then check both.
		JdbcTemplate table = new JdbcTemplate(database);
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (heldRows(table) > 0 && System.nanoTime() < deadline) {
			Thread.sleep(20);
		}
		assertThat(heldRows(table)).as("nothing held in the table").isZero();
		assertThat(managed.lease().isValid()).as("released once the claim ended").isFalse();
	}

	private static long heldRows(JdbcTemplate table) {
		return table.queryForObject("SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL",
				Long.class);
	}

	@Test
	void aClaimThrowingACheckedExceptionFailsItsTakerInsteadOfHangingIt() {
		WorkerClaim claim = WorkerClaim.started(() -> sneaky(new java.io.IOException("no route to the database")));
		assertThatThrownBy(claim::join).isInstanceOf(IllegalStateException.class)
			.hasRootCauseMessage("no route to the database");
		claim.destroy(); // returns: nothing was claimed
	}

	@SuppressWarnings("unchecked")
	private static <T, E extends Throwable> T sneaky(Throwable ex) throws E {
		throw (E) ex;
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}
}
