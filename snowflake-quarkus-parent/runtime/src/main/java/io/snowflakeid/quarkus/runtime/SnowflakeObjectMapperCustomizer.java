package io.snowflakeid.quarkus.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import io.quarkus.runtime.StartupEvent;
import io.snowflakeid.hibernate.internal.PublicIdJackson2Module;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * The application's {@code ObjectMapper} (Quarkus REST with Jackson, the REST client): {@code @SnowflakeId Long}
 * properties as JSON strings, so JavaScript clients do not round ids above 2^53, and {@code @PublicId} properties as
 * tokens (without a key, which the start refuses where the build saw a use, they fail): never the raw id. One of the
 * two beans below is registered where {@code quarkus-jackson} is present (abstract here: Quarkus' Jackson extension
 * makes every concrete customizer it sees a bean). Applied last (lowest priority), so that an application
 * customizer that replaces the annotation introspector does not remove the public ids' one; the start checks it.
 */
public abstract class SnowflakeObjectMapperCustomizer implements ObjectMapperCustomizer {

	private static final Logger LOG = Logger.getLogger(SnowflakeObjectMapperCustomizer.class);

	/** Whether {@code @SnowflakeId} ids are written as strings. */
	protected abstract boolean idsAsStrings();

	@Override
	public void customize(ObjectMapper mapper) {
		if (idsAsStrings()) {
			mapper.registerModule(new SnowflakeIdJackson2Module());
		}
		// After: its introspector is asked first. The codec is asked for at the first public id, at runtime: Quarkus
		// may create the ObjectMapper at static init, before the keys (runtime configuration) exist.
		mapper.registerModule(new PublicIdJackson2Module(QuarkusPublicIds::requiredCodec));
	}

	@Override
	public int priority() {
		return MINIMUM_PRIORITY;
	}

	/**
	 * Quarkus applies customizers only to the {@code ObjectMapper} it produces: one the application produces without
	 * applying them would write public ids raw (refused here, for every {@code ObjectMapper} bean of the application,
	 * qualified or not) and ids as numbers (said here, for the default one).
	 */
	void checkTheApplicationsMappers(@Observes StartupEvent start, QuarkusPublicIds publicIds,
			@Any Instance<ObjectMapper> mappers) {
		boolean publicIdsInUse = PublicIdStartCheck.publicIdsInUse(publicIds);
		for (Instance.Handle<ObjectMapper> handle : mappers.handles()) {
			Bean<ObjectMapper> bean = handle.getBean();
			boolean isDefault = bean.getQualifiers().stream()
				.allMatch((qualifier) -> qualifier instanceof Default || qualifier instanceof Any);
			// the default one (Quarkus' or the application's), and every other the application declares; an
			// extension's qualified mappers serialize its own types
			boolean checked = isDefault || !bean.getBeanClass().getName().startsWith("io.quarkus.");
			ObjectMapper mapper = handle.get();
			if (publicIdsInUse && checked && !PublicIdJackson2Module.isActiveIn(mapper)) {
				throw new IllegalStateException("The application's ObjectMapper " + bean.getQualifiers() + " (from "
						+ bean.getBeanClass().getName() + ") does not write @PublicId ids as tokens: what it writes"
						+ " would carry raw ids where public ids are promised. Apply the ObjectMapperCustomizer beans in"
						+ " its producer (inject Instance<ObjectMapperCustomizer> and call customize on each, as Quarkus'"
						+ " JSON guide shows), and do not replace its annotation introspector afterwards");
			}
			if (isDefault && idsAsStrings() && !mapper.getRegisteredModuleIds().contains(SnowflakeIdJackson2Module.NAME)) {
				LOG.warnf("The application's own ObjectMapper does not write @SnowflakeId ids as JSON strings:"
						+ " JavaScript clients round ids above 2^53 to other ids. Apply the ObjectMapperCustomizer beans in"
						+ " its producer (inject Instance<ObjectMapperCustomizer> and call customize on each, as Quarkus'"
						+ " JSON guide shows), or set quarkus.snowflake.jackson.ids-as-strings=false to keep numbers on"
						+ " purpose");
			}
		}
	}

	/** The default: ids as strings, public ids as tokens. */
	@Singleton
	public static final class IdsAsStrings extends SnowflakeObjectMapperCustomizer {

		@Override
		protected boolean idsAsStrings() {
			return true;
		}
	}

	/** {@code quarkus.snowflake.jackson.ids-as-strings=false}: ids stay numbers, public ids are still tokens. */
	@Singleton
	public static final class PublicIdsOnly extends SnowflakeObjectMapperCustomizer {

		@Override
		protected boolean idsAsStrings() {
			return false;
		}
	}
}
