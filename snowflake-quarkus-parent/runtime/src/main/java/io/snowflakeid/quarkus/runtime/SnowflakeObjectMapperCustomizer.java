package io.snowflakeid.quarkus.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import io.quarkus.runtime.StartupEvent;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * {@code @SnowflakeId Long} properties as JSON strings in the application's {@code ObjectMapper} (Quarkus REST with
 * Jackson, the REST client), so JavaScript clients do not round ids above 2^53; read from strings or numbers.
 * {@code @PublicId} properties fail instead of going out raw (the build refuses them before that, this is the second
 * line). Registered when {@code quarkus-jackson} is present and {@code quarkus.snowflake.jackson.ids-as-strings} is not
 * false.
 */
@Singleton
public class SnowflakeObjectMapperCustomizer implements ObjectMapperCustomizer {

	private static final Logger LOG = Logger.getLogger(SnowflakeObjectMapperCustomizer.class);

	private static final String MODULE_ID = SnowflakeIdJackson2Module.class.getName();

	@Override
	public void customize(ObjectMapper mapper) {
		mapper.registerModule(SnowflakeIdJackson2Module.refusingPublicIds());
	}

	/**
	 * Quarkus applies customizers only to the {@code ObjectMapper} it produces: an application that produces its own
	 * and does not apply them would send ids as numbers, which JavaScript rounds. Said at start, with the fix.
	 */
	void checkTheApplicationsMapper(@Observes StartupEvent start, Instance<ObjectMapper> mappers) {
		if (mappers.isResolvable() && !mappers.get().getRegisteredModuleIds().contains(MODULE_ID)) {
			LOG.warnf("The application's own ObjectMapper does not write @SnowflakeId ids as JSON strings: JavaScript"
					+ " clients round ids above 2^53 to other ids. Apply the ObjectMapperCustomizer beans in its producer"
					+ " (inject Instance<ObjectMapperCustomizer> and call customize on each, as Quarkus' JSON guide"
					+ " shows), or set quarkus.snowflake.jackson.ids-as-strings=false to keep numbers on purpose");
		}
	}
}
