package io.snowflakeid.hibernate.internal;

import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Jackson 2 public id module with a codec supplied later (as the Quarkus extension registers it, before the keys
 * exist): asked for at the first public id, and a supplier that fails fails that property, never writing the raw id.
 * The shapes themselves are tested through the starter's subclass (PublicIdJackson*Tests there).
 */
class PublicIdJackson2ModuleTests {

	private static final PublicIdCodec CODEC = PublicIdCodec.builder()
		.key("1", "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxK0c=")
		.build();

	@Test
	void theCodecIsAskedForAtTheFirstPublicIdNotAtRegistration() throws Exception {
		AtomicInteger asked = new AtomicInteger();
		ObjectMapper mapper = new ObjectMapper().registerModule(new PublicIdJackson2Module(() -> {
			asked.incrementAndGet();
			return CODEC;
		}));
		assertThat(asked).as("registration").hasValue(0);
		Voucher voucher = new Voucher();
		voucher.id = 912207628317364225L;
		String json = mapper.writeValueAsString(voucher);
		assertThat(asked.get()).isPositive();
		assertThat(json).isEqualTo("{\"id\":\"" + CODEC.encode(voucher.id) + "\"}");
		assertThat(mapper.readValue(json, Voucher.class).id).isEqualTo(voucher.id);
	}

	@Test
	void aSupplierThatFailsFailsThePropertyWithoutTheRawId() {
		ObjectMapper mapper = new ObjectMapper().registerModule(new PublicIdJackson2Module(() -> {
			throw new IllegalStateException("no public id key");
		}));
		Voucher voucher = new Voucher();
		voucher.id = 912207628317364225L;
		assertThatThrownBy(() -> mapper.writeValueAsString(voucher)).hasStackTraceContaining("no public id key")
			.hasMessageNotContaining("912207628317364225");
		assertThatThrownBy(() -> mapper.readValue("{\"id\":912207628317364225}", Voucher.class))
			.hasStackTraceContaining("no public id key");
	}

	/**
	 * A supplier that fails once (a codec bean not creatable yet) is asked again by the next write: only a refusal
	 * of the property (no key, a bad domain, a shape) is kept in the mapper's serializers (session-39 review, 8).
	 */
	@Test
	void aSupplierThatFailedOnceIsAskedAgainNotKeptAsARefusal() throws Exception {
		AtomicInteger asked = new AtomicInteger();
		ObjectMapper mapper = new ObjectMapper().registerModule(new PublicIdJackson2Module(() -> {
			if (asked.getAndIncrement() == 0) {
				throw new IllegalStateException("the codec bean is not ready");
			}
			return CODEC;
		}));
		Voucher voucher = new Voucher();
		voucher.id = 912207628317364225L;
		assertThatThrownBy(() -> mapper.writeValueAsString(voucher)).hasStackTraceContaining("not ready")
			.hasMessageNotContaining("912207628317364225");
		assertThat(mapper.writeValueAsString(voucher)).isEqualTo("{\"id\":\"" + CODEC.encode(voucher.id) + "\"}");
	}

	/** No key (the supplier gives none): a refusal, kept; every write fails naming the property. */
	@Test
	void noCodecIsARefusalEveryTime() {
		ObjectMapper mapper = new ObjectMapper().registerModule(new PublicIdJackson2Module(() -> null));
		Voucher voucher = new Voucher();
		voucher.id = 912207628317364225L;
		for (int attempt = 0; attempt < 2; attempt++) {
			assertThatThrownBy(() -> mapper.writeValueAsString(voucher)).hasStackTraceContaining("Voucher.id")
				.hasStackTraceContaining("no public-id key is configured")
				.hasMessageNotContaining("912207628317364225");
		}
	}

	@Test
	void theSnowflakeIdModuleBesideItLeavesPublicIdsToIt() throws Exception {
		ObjectMapper mapper = new ObjectMapper().registerModule(new SnowflakeIdJackson2Module())
			.registerModule(new PublicIdJackson2Module(CODEC));
		Voucher voucher = new Voucher();
		voucher.id = 5L;
		assertThat(mapper.writeValueAsString(voucher)).isEqualTo("{\"id\":\"" + CODEC.encode(5L) + "\"}");
		assertThat(PublicIdJackson2Module.isActiveIn(mapper)).isTrue();
		assertThat(PublicIdJackson2Module.isActiveIn(new ObjectMapper())).isFalse();
	}

	static class Voucher {

		@PublicId
		public Long id;
	}
}
