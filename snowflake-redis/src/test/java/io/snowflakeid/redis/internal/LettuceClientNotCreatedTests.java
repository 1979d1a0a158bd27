package io.snowflakeid.redis.internal;

import io.lettuce.core.RedisClient;
import io.snowflakeid.worker.WorkerLeaseException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Lettuce that cannot create its client on the class path's Netty (Lettuce 7 on Netty 4.1, as in Quarkus 3 and
 * Spring Boot 3.5, seen in a Quarkus test): refused in words, with the versions, not as a bare linkage error.
 */
class LettuceClientNotCreatedTests {

	private static final String LETTUCE = RedisClient.class.getPackage().getImplementationVersion();

	@Test
	void aMissingNettyClassNamesLettuceNettyAndTheVersionsThatGoTogether() {
		NoClassDefFoundError error = new NoClassDefFoundError("io/netty/channel/MultiThreadIoEventLoopGroup");
		WorkerLeaseException refused = LettuceRedisScripts.clientNotCreated(error);
		assertThat(LETTUCE).as("Lettuce's jar says its version").isNotBlank();
		assertThat(refused.getReason()).isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION);
		assertThat(refused).hasCause(error)
			.hasMessageContaining("Lettuce " + LETTUCE + " could not create its Redis client on the class path's"
					+ " Netty 4.")
			.hasMessageContaining("io/netty/channel/MultiThreadIoEventLoopGroup");
		if (LETTUCE.startsWith("6.")) { // Lettuce 6 is built on Netty 4.1: mixed Netty jars
			assertThat(refused).hasMessageContaining("Netty jars of different versions").hasMessageNotContaining("6.x");
		}
		else {
			assertThat(refused).hasMessageContaining("Lettuce 7 is built on Netty 4.2")
				.hasMessageContaining("use io.lettuce:lettuce-core 6.x with Netty 4.1");
		}
	}

	@Test
	void anotherLinkageErrorIsNamedWithoutTheNettyAdvice() {
		NoSuchMethodError error = new NoSuchMethodError("'void reactor.core.publisher.Mono.something()'");
		assertThat(LettuceRedisScripts.clientNotCreated(error)).hasCause(error)
			.hasMessageContaining("reactor.core.publisher.Mono.something")
			.hasMessageContaining("Align Lettuce with the versions it was built against")
			.hasMessageNotContaining("Lettuce 7 is built on");
	}
}
