package io.snowflakeid.quarkus.runtime;

import java.util.List;
import java.util.Set;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * At start, before the first request: {@code @PublicId} without a key, or a bad {@code @PublicId("domain")}, stops the
 * start, naming what to fix (the application's {@code ObjectMapper} is checked by
 * {@link SnowflakeObjectMapperCustomizer}, where Jackson is present).
 */
@Singleton
public class PublicIdStartCheck {

	private static volatile List<String> uses = List.of();

	private static volatile Set<String> domains = Set.of();

	static void found(List<String> uses, Set<String> domains) {
		PublicIdStartCheck.uses = List.copyOf(uses);
		PublicIdStartCheck.domains = Set.copyOf(domains);
	}

	/** Whether the application's JSON must turn ids into tokens: a key is set, or the build found a use. */
	static boolean publicIdsInUse(QuarkusPublicIds publicIds) {
		return publicIds.codec().isPresent() || !uses.isEmpty();
	}

	/** First among the start's observers: the missing key is the first thing to fix. */
	void check(@Observes @Priority(1) StartupEvent start, QuarkusPublicIds publicIds) {
		PublicIdCodec codec = publicIds.codec().orElse(null);
		if (codec == null && !uses.isEmpty()) {
			throw new ConfigurationException("@PublicId is used (on " + String.join(", ", uses) + ") but no public id"
					+ " key is set, so the raw ids would go out: " + QuarkusPublicIds.SET_A_KEY);
		}
		if (codec != null) {
			for (String domain : domains) {
				try {
					codec.forDomain(domain);
				}
				catch (IllegalArgumentException ex) {
					throw new ConfigurationException("@PublicId(\"" + domain + "\"): " + ex.getMessage(), ex);
				}
			}
		}
	}
}
