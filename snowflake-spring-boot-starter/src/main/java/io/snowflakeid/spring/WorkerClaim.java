package io.snowflakeid.spring;

import java.util.function.Supplier;

import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.internal.BackgroundTask;

import org.springframework.beans.factory.DisposableBean;

/**
 * The claim of a worker id, started when the context creates this bean and taken by the generator bean later: a
 * lease claim (a few SQL statements, or a round trip to Redis or ZooKeeper, and the classes behind them) runs on a
 * thread of its own while the context goes on, building the EntityManagerFactory for one (it is made to wait for
 * this bean, see {@link EntityManagerFactoryAfterClaim}). Nothing fails later than before: the generator bean takes
 * the result before the context is ready, and a failed claim fails that bean with the claim's own exception.
 * <p>
 * This bean owns the result: closing the context closes it (releasing the lease) after every bean that waited for
 * it, also when the context failed before anything took it.
 */
final class WorkerClaim implements DisposableBean {

	private final BackgroundTask<ManagedGenerator> claim;

	private WorkerClaim(BackgroundTask<ManagedGenerator> claim) {
		this.claim = claim;
	}

	/** A claim made on a thread of its own. */
	static WorkerClaim started(Supplier<ManagedGenerator> claim) {
		return new WorkerClaim(BackgroundTask.start("snowflake-worker-claim", claim));
	}

	/** The generator, once claimed; the claim's own exception if it failed. */
	ManagedGenerator join() {
		return this.claim.join();
	}

	/**
	 * Waits for a claim still running, then releases what it holds. If the wait is interrupted (Spring interrupts a
	 * start that is still waiting when the context is closed), the claim is released as soon as it ends: a lease
	 * renews itself while it is held, so it must not be left to run out.
	 */
	@Override
	public void destroy() {
		ManagedGenerator managed = this.claim.awaitQuietly();
		if (managed != null) {
			managed.close();
		}
		else {
			this.claim.whenDone(ManagedGenerator::close); // now if it ended meanwhile; never if the claim failed
		}
	}
}
