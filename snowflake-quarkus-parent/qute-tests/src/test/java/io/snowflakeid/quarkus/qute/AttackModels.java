package io.snowflakeid.quarkus.qute;

import java.util.List;

import io.snowflakeid.publicid.PublicId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/** Shapes of {@code @PublicId} the attack renders (PublicIdQuteAttackTest). */
final class AttackModels {

	private AttackModels() {
	}

	/** The annotation on the setter only: the library's documented place for a setter ("put @PublicId on the method"). */
	public static class AttackSetterOnly {

		private Long id;

		public Long getId() {
			return this.id;
		}

		@PublicId
		public void setId(Long id) {
			this.id = id;
		}
	}

	/** A @PublicId method that takes an argument: Qute calls it with {@code {o.idOf('x')}}. */
	public static class AttackWithArgument {

		private final Long id;

		public AttackWithArgument(Long id) {
			this.id = id;
		}

		@PublicId
		public Long idOf(String part) {
			return this.id;
		}
	}

	/** A field whose JavaBean getter has an acronym-style name: Qute calls the property {@code XRef}. */
	public static class AttackAcronym {

		@PublicId
		private Long xRef;

		public AttackAcronym(Long xRef) {
			this.xRef = xRef;
		}

		public Long getXRef() {
			return this.xRef;
		}
	}

	/** A collection of ids, a shape the Jackson module writes as tokens. */
	public static class AttackCollection {

		@PublicId
		public List<Long> related;

		public AttackCollection(List<Long> related) {
			this.related = related;
		}
	}

	/** A plain holder, for the template extension. */
	public static class AttackPlain {

		public final Long internal;

		public AttackPlain(Long internal) {
			this.internal = internal;
		}
	}

	/** A getter Qute names without a capital after "get": {@code getid()} is {@code {o.id}} (second review, 3). */
	public static class AttackLowerCaseGetter {

		private final Long value;

		public AttackLowerCaseGetter(Long value) {
			this.value = value;
		}

		@PublicId
		public Long getid() {
			return this.value;
		}
	}

	/** A property and a method with parameters of one name (second review, 4): each keeps its own answer. */
	public static class AttackSameName {

		@PublicId
		private final Long id;

		public AttackSameName(Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}

		@PublicId
		public Long id(String format) {
			return this.id;
		}
	}

	/** Holds candidates: a getter overridden by a subclass, an interface's default getter, a String id. */
	public static class AttackBase {

		@PublicId
		private Long id;

		public AttackBase(Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}
	}

	public static class AttackChild extends AttackBase {

		private final Long other;

		public AttackChild(Long id, Long other) {
			super(id);
			this.other = other;
		}

		@Override
		public Long getId() {
			return this.other;
		}
	}

	public interface AttackHasId {

		@PublicId
		default Long getId() {
			return secret();
		}

		Long secret();
	}

	public static class AttackImplementsHasId implements AttackHasId {

		private final Long value;

		public AttackImplementsHasId(Long value) {
			this.value = value;
		}

		@Override
		public Long secret() {
			return this.value;
		}
	}

	public static class AttackStringId {

		@PublicId
		public String code;

		public AttackStringId(String code) {
			this.code = code;
		}
	}

	public static class AttackOuter {

		public final AttackBase inner;

		public AttackOuter(AttackBase inner) {
			this.inner = inner;
		}
	}

	/** A CDI bean reached through {@code inject:} (a client proxy subclass). */
	@Named("attackBean")
	@ApplicationScoped
	public static class AttackBean {

		@PublicId
		public Long getCurrentId() {
			return 987654321987654L;
		}
	}
}
